import { inflateSync } from 'node:zlib';

/**
 * The text a PDF draws, read the simple way (tests only): every content stream, inflated when it is
 * compressed, and the hex strings of its `TJ` arrays — decoded as WinAnsi in a standard font (how
 * pdfkit writes Helvetica), and through the font's `ToUnicode` map in an embedded one (two-byte glyph
 * codes); one line per array. Encrypted streams read as noise.
 */
export function pdfText(bytes: Buffer): string {
  const source = bytes.toString('latin1');
  const streams = new Map<number, string>();
  const dictionaries = new Map<number, string>();
  for (const object of source.matchAll(/(\d+) 0 obj([\s\S]*?)endobj/g)) {
    const id = Number(object[1]);
    const body = object[2]!;
    const start = body.indexOf('stream');
    dictionaries.set(id, start < 0 ? body : body.slice(0, start));
    if (start < 0) continue;
    let dataStart = start + 'stream'.length;
    if (body[dataStart] === '\r') dataStart += 1;
    if (body[dataStart] === '\n') dataStart += 1;
    const end = body.lastIndexOf('endstream');
    const data = Buffer.from(body.slice(dataStart, end), 'latin1');
    try {
      streams.set(id, inflateSync(data).toString('latin1'));
    } catch {
      streams.set(id, data.toString('latin1'));
    }
  }
  // Font resource names (`/F2`) → their ToUnicode maps (code → text); standard fonts have none.
  const maps = new Map<string, Map<number, string>>();
  for (const dictionary of dictionaries.values())
    for (const fonts of dictionary.matchAll(/\/Font\s*<<([^>]*)>>/g))
      for (const entry of fonts[1]!.matchAll(/\/(\w+)\s+(\d+) 0 R/g)) {
        const unicode = /\/ToUnicode (\d+) 0 R/.exec(dictionaries.get(Number(entry[2])) ?? '');
        const cmap = unicode ? streams.get(Number(unicode[1])) : undefined;
        if (cmap) maps.set(entry[1]!, readToUnicode(cmap));
      }
  const lines: string[] = [];
  for (const content of streams.values()) {
    let font: Map<number, string> | undefined;
    for (const token of content.matchAll(/\/(\w+)\s+[\d.]+\s+Tf|\[([^\]]*)\]\s*TJ/g)) {
      if (token[1]) {
        font = maps.get(token[1]);
        continue;
      }
      const parts = [...token[2]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) => hex[1]!);
      lines.push(
        parts
          .map((hex) =>
            font
              ? (hex.match(/.{4}/g) ?? []).map((code) => font!.get(Number.parseInt(code, 16)) ?? '').join('')
              : Buffer.from(hex, 'hex').toString('latin1'),
          )
          .join(''),
      );
    }
  }
  return lines.join('\n');
}

/** pdfkit's ToUnicode CMap: `<start> <end> [<utf-16> …]` ranges. */
function readToUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const range of cmap.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*\[([^\]]*)\]/gi)) {
    let code = Number.parseInt(range[1]!, 16);
    for (const entry of range[3]!.matchAll(/<([0-9a-f ]+)>/gi)) {
      const units = entry[1]!.split(' ').map((unit) => Number.parseInt(unit, 16));
      map.set(code, String.fromCharCode(...units));
      code += 1;
    }
  }
  return map;
}
