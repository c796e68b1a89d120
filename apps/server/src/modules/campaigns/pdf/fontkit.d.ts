// fontkit (pdfkit's own font reader) ships no types; this is the little the PDF renderer uses.
declare module 'fontkit' {
  export type Font = {
    characterSet: number[];
    hasGlyphForCodePoint(codePoint: number): boolean;
    layout(text: string): unknown;
  };
  export function create(buffer: Uint8Array): Font;
}
