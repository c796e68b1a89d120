import { inflateSync } from 'node:zlib';

/**
 * The text a PDF draws, read the simple way (tests only): every content stream, inflated when it is
 * compressed, and the hex strings of its `TJ` arrays (how pdfkit writes text with the standard fonts)
 * decoded as WinAnsi; one line per array. Encrypted streams read as noise.
 */
export function pdfText(bytes: Buffer): string {
  const lines: string[] = [];
  let from = 0;
  for (;;) {
    const start = bytes.indexOf('stream', from, 'latin1');
    if (start < 0) break;
    let dataStart = start + 'stream'.length;
    if (bytes[dataStart] === 0x0d) dataStart += 1;
    if (bytes[dataStart] === 0x0a) dataStart += 1;
    const end = bytes.indexOf('endstream', dataStart, 'latin1');
    if (end < 0) break;
    const data = bytes.subarray(dataStart, end);
    let content: string;
    try {
      content = inflateSync(data).toString('latin1');
    } catch {
      content = data.toString('latin1');
    }
    for (const array of content.matchAll(/\[([^\]]*)\]\s*TJ/g))
      lines.push(
        [...array[1]!.matchAll(/<([0-9a-fA-F]*)>/g)]
          .map((hex) => Buffer.from(hex[1]!, 'hex').toString('latin1'))
          .join(''),
      );
    from = end + 'endstream'.length;
  }
  return lines.join('\n');
}
