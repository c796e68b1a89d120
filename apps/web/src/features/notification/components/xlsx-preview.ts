import type { CsvPreview } from './upload-preview';

/**
 * The header and first rows of an XLSX workbook's first sheet, read in the browser without a library:
 * the ZIP's central directory locates the parts, `DecompressionStream('deflate-raw')` inflates them,
 * and only the sheet's first rows (and the shared strings they use) are inflated, so a large file costs
 * no more than a small one. Answers null for what it cannot read; the server has the last word.
 */
export async function readXlsxPreview(file: Blob, maxRows: number): Promise<CsvPreview | null> {
  try {
    const entries = await readCentralDirectory(file);
    const sheetPath = (await firstSheetPath(file, entries)) ?? 'xl/worksheets/sheet1.xml';
    const sheet = entries.get(sheetPath);
    if (!sheet) return null;
    const rows = await firstRows(file, sheet, maxRows + 1);
    const needed = Math.max(
      -1,
      ...rows.flatMap((row) => row.filter((cell) => cell.shared).map((cell) => Number(cell.value))),
    );
    const strings =
      needed >= 0 && entries.has('xl/sharedStrings.xml')
        ? await sharedStrings(file, entries.get('xl/sharedStrings.xml')!, needed + 1)
        : [];
    const text = rows.map((row) => {
      const cells: string[] = [];
      for (const cell of row)
        cells[cell.column] = cell.shared ? (strings[Number(cell.value)] ?? '') : cell.value;
      return Array.from(cells, (value) => value ?? '');
    });
    const [header = [], ...data] = text;
    const width = header.length;
    return {
      header: header.map((column) => column.trim()),
      rows: data
        .slice(0, maxRows)
        .map((row) => Array.from({ length: Math.max(width, row.length) }, (_, i) => row[i] ?? '')),
    };
  } catch {
    return null;
  }
}

type Entry = { method: number; compressedSize: number; offset: number };

const u16 = (view: DataView, at: number) => view.getUint16(at, true);
const u32 = (view: DataView, at: number) => view.getUint32(at, true);

async function readCentralDirectory(file: Blob): Promise<Map<string, Entry>> {
  const tailSize = Math.min(file.size, 65_557);
  const tail = new DataView(await file.slice(file.size - tailSize).arrayBuffer());
  let end = -1;
  for (let at = tailSize - 22; at >= 0; at--) {
    if (u32(tail, at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new Error('not a zip');
  const count = u16(tail, end + 10);
  const size = u32(tail, end + 12);
  const start = u32(tail, end + 16);
  const directory = new DataView(await file.slice(start, start + size).arrayBuffer());
  const decoder = new TextDecoder();
  const entries = new Map<string, Entry>();
  let at = 0;
  for (let n = 0; n < count && at + 46 <= directory.byteLength; n++) {
    if (u32(directory, at) !== 0x02014b50) break;
    const nameLength = u16(directory, at + 28);
    const extra = u16(directory, at + 30);
    const comment = u16(directory, at + 32);
    const name = decoder.decode(new Uint8Array(directory.buffer, directory.byteOffset + at + 46, nameLength));
    entries.set(name, {
      method: u16(directory, at + 10),
      compressedSize: u32(directory, at + 20),
      offset: u32(directory, at + 42),
    });
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

/** Streams a part's text, handing each decoded piece to `take` until it answers false. */
async function streamPart(file: Blob, entry: Entry, take: (text: string) => boolean): Promise<void> {
  const header = new DataView(await file.slice(entry.offset, entry.offset + 30).arrayBuffer());
  if (u32(header, 0) !== 0x04034b50) throw new Error('bad local header');
  const dataStart = entry.offset + 30 + u16(header, 26) + u16(header, 28);
  const raw = file.slice(dataStart, dataStart + entry.compressedSize).stream();
  const bytes = entry.method === 8 ? raw.pipeThrough(new DecompressionStream('deflate-raw')) : raw;
  const reader = bytes.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    if (!take(value)) {
      await reader.cancel();
      return;
    }
  }
}

async function firstSheetPath(file: Blob, entries: Map<string, Entry>): Promise<string | null> {
  const workbook = entries.get('xl/workbook.xml');
  const rels = entries.get('xl/_rels/workbook.xml.rels');
  if (!workbook || !rels) return null;
  let workbookText = '';
  await streamPart(file, workbook, (text) => {
    workbookText += text;
    return !/<sheet\b[^>]*>/.test(workbookText);
  });
  const relId = /<sheet\b[^>]*\br:id="([^"]+)"/.exec(workbookText)?.[1];
  if (!relId) return null;
  let relsText = '';
  await streamPart(file, rels, (text) => {
    relsText += text;
    return true;
  });
  const relation = [...relsText.matchAll(/<Relationship\b[^>]*>/g)]
    .map((match) => match[0])
    .find((tag) => tag.includes(`Id="${relId}"`));
  const target = relation ? /Target="([^"]+)"/.exec(relation)?.[1] : undefined;
  if (!target) return null;
  return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
}

type Cell = { column: number; value: string; shared: boolean };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, code: string) => {
    if (code[0] === '#')
      return String.fromCodePoint(
        code[1] === 'x' || code[1] === 'X' ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1)),
      );
    return ENTITIES[code.toLowerCase()] ?? '';
  });
}

/** "C" → 2: the column index of a cell reference's letters. */
function columnIndex(reference: string): number {
  let index = 0;
  for (const letter of reference.replace(/\d+$/, '')) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
}

async function firstRows(file: Blob, sheet: Entry, count: number): Promise<Cell[][]> {
  let text = '';
  await streamPart(file, sheet, (piece) => {
    text += piece;
    return (text.match(/<\/row>/g)?.length ?? 0) < count;
  });
  const rows: Cell[][] = [];
  for (const row of text.matchAll(/<row\b[^>]*?(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    if (rows.length >= count) break;
    const cells: Cell[] = [];
    let next = 0;
    for (const cell of (row[1] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attributes = cell[1] ?? '';
      const body = cell[2] ?? '';
      const reference = /\br="([A-Z]+\d*)"/.exec(attributes)?.[1];
      const column = reference ? columnIndex(reference) : next;
      next = column + 1;
      const type = /\bt="([^"]+)"/.exec(attributes)?.[1];
      const value =
        type === 'inlineStr'
          ? [...body.matchAll(/<t\b[^>]*>([\s\S]*?)<\/t>/g)].map((match) => match[1]).join('')
          : (/<v>([\s\S]*?)<\/v>/.exec(body)?.[1] ?? '');
      cells.push({ column, value: unescapeXml(value), shared: type === 's' });
    }
    rows.push(cells);
  }
  return rows;
}

async function sharedStrings(file: Blob, entry: Entry, count: number): Promise<string[]> {
  let text = '';
  await streamPart(file, entry, (piece) => {
    text += piece;
    return (text.match(/<\/si>/g)?.length ?? 0) < count;
  });
  return [...text.matchAll(/<si>([\s\S]*?)<\/si>/g)].map((item) =>
    unescapeXml(
      [...(item[1] ?? '').matchAll(/<t\b[^>]*>([\s\S]*?)<\/t>/g)].map((match) => match[1]).join(''),
    ),
  );
}
