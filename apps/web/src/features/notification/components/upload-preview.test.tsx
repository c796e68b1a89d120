import '../notification-i18n';
import { ParamTranslatorSchema } from '@sapa/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import {
  missingColumns,
  readCsvPreview,
  renderTemplate,
  translatePreview,
  UploadPreview,
} from './upload-preview';

const translator = ParamTranslatorSchema.parse({
  recipient: 'phone',
  rules: [
    { from: 'Phone', to: 'phone', kind: 'phone' },
    { from: 'name', to: 'name', default: 'customer' },
    { from: 'amount', to: 'amount', kind: 'currency', required: true },
  ],
});
const template = { channel: 'SMS' as const, text: 'Hi {{name}}, pay {{ amount }} ({{ref}})' };

describe('upload preview', () => {
  it('reads quoted cells, doubled quotes, CRLF, a BOM, semicolons, and stops after the first rows', () => {
    const csv =
      '\uFEFFphone;name;note\r\n0812;"Ani; Jr";"said ""hi"""\r\n\r\n0813;Budi;"two\nlines"\r\n0814;C;x\r\n';
    expect(readCsvPreview(csv, 2)).toEqual({
      header: ['phone', 'name', 'note'],
      rows: [
        ['0812', 'Ani; Jr', 'said "hi"'],
        ['0813', 'Budi', 'two\nlines'],
      ],
    });
    // A last row with no newline, a cut in the middle of the preview bytes.
    expect(readCsvPreview('a,b\n1,2').rows).toEqual([['1', '2']]);
  });

  it('names the columns the file lacks that every row needs', () => {
    expect(missingColumns(translator, ['phone', 'name'])).toEqual(['amount']);
    expect(missingColumns(translator, [' PHONE ', 'Amount'])).toEqual([]);
  });

  it('fills parameters through the translator, with defaults, and refuses empty or malformed recipients', () => {
    const preview = readCsvPreview(
      'phone,name,amount\n0812 1000 0001, Ani ,15000\n,Budi,1\nabc,C,2\n081210000005,,3\n081310000006,D,\n',
    );
    expect(translatePreview(translator, template, preview)).toEqual([
      {
        rowNo: 2,
        ok: true,
        recipient: '0812 1000 0001',
        params: { phone: '0812 1000 0001', name: 'Ani', amount: '15000' },
        message: 'Hi Ani, pay 15000 ({{ref}})',
      },
      { rowNo: 3, ok: false, reason: 'Phone: is empty' },
      { rowNo: 4, ok: false, reason: 'Phone: "abc" is not a phone number' },
      {
        rowNo: 5,
        ok: true,
        recipient: '081210000005',
        params: { phone: '081210000005', name: 'customer', amount: '3' },
        message: 'Hi customer, pay 3 ({{ref}})',
      },
      { rowNo: 6, ok: false, reason: 'amount: is empty' },
    ]);
    expect(renderTemplate('{{a}}{{b}}', { a: '1' })).toBe('1{{b}}');
  });

  it('shows the rows as a table, with the refused ones and their reason', () => {
    renderWithProviders(
      <UploadPreview
        translator={translator}
        template={template}
        preview={readCsvPreview('phone,name,amount\n081210000001,Ani,10\n,Budi,2\n')}
      />,
    );
    const table = screen.getByRole('table', { name: 'Preview of the first rows' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('Hi Ani, pay 10');
    expect(rows[2]?.textContent).toContain('InvalidPhone: is empty');
  });

  it('warns when the header lacks a needed column', () => {
    renderWithProviders(
      <UploadPreview
        translator={translator}
        template={template}
        preview={readCsvPreview('phone,name\n0812,Ani\n')}
      />,
    );
    expect(screen.getByRole('alert')?.textContent).toContain('The file has no column amount');
  });
});
