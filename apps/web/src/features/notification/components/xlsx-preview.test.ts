import { Blob } from 'node:buffer';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readXlsxPreview } from './xlsx-preview';

async function workbook(rows: (string | number | null)[][], extraSheetFirst = false): Promise<Blob> {
  const book = new ExcelJS.Workbook();
  if (extraSheetFirst) book.addWorksheet('Notes').addRow(['not this one']);
  const sheet = book.addWorksheet('Recipients');
  for (const row of rows) sheet.addRow(row);
  return new Blob([await book.xlsx.writeBuffer()]);
}

describe('xlsx preview', () => {
  it('reads the header and first rows of the first sheet, shared strings, numbers and gaps', async () => {
    const file = await workbook([
      ['phone', 'name', 'amount'],
      ['081210000001', 'Ani & Co <x>', 15000],
      ['081210000002', null, 2.5],
      ['081210000003', 'Budi', 1],
    ]);
    expect(await readXlsxPreview(file as unknown as globalThis.Blob, 2)).toEqual({
      header: ['phone', 'name', 'amount'],
      rows: [
        ['081210000001', 'Ani & Co <x>', '15000'],
        ['081210000002', '', '2.5'],
      ],
    });
  });

  it('reads the first sheet of the workbook, whatever its part is called', async () => {
    const file = await workbook([['phone'], ['081210000001']], true);
    // The workbook's first sheet is "Notes".
    expect(await readXlsxPreview(file as unknown as globalThis.Blob, 3)).toEqual({
      header: ['not this one'],
      rows: [],
    });
  });

  it('takes the first rows of a big sheet', async () => {
    const rows: string[][] = [['to']];
    for (let n = 0; n < 20_000; n++) rows.push([`08121${String(n).padStart(7, '0')}`]);
    const preview = await readXlsxPreview((await workbook(rows)) as unknown as globalThis.Blob, 3);
    expect(preview).toEqual({ header: ['to'], rows: [['081210000000'], ['081210000001'], ['081210000002']] });
  });

  it('answers null for what is no workbook', async () => {
    expect(await readXlsxPreview(new Blob(['phone\n0812']) as unknown as globalThis.Blob, 5)).toBeNull();
  });
});
