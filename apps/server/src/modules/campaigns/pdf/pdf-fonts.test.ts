import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PDF_FONT_COVERAGE, type PdfScript, pdfFontFor, pdfScriptIssues } from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text.js';
import { coverageOf, loadPdfFonts } from './pdf-fonts.js';
import { drawable, renderPdf } from './render-pdf.js';

const script = (blocks: PdfScript['blocks']): PdfScript => ({
  pageSize: 'A4',
  orientation: 'portrait',
  fileName: 'statement.pdf',
  passwordParam: null,
  linkDays: 30,
  blocks,
});

describe('characters beyond WinAnsi in recipients PDFs (decision 0052)', () => {
  it("keeps contracts' coverage table equal to the font files (UPDATE_PDF_FONTS=1 rewrites it)", async () => {
    await loadPdfFonts();
    const actual = { DejaVuSans: coverageOf('DejaVuSans'), NotoSansSC: coverageOf('NotoSansSC') };
    if (process.env.UPDATE_PDF_FONTS === '1') {
      const target = fileURLToPath(
        new URL('../../../../../../packages/contracts/src/campaigns/pdf-fonts.coverage.ts', import.meta.url),
      );
      writeFileSync(
        target,
        `// Generated from the font files (decision 0052); \`pdf-fonts.test.ts\` in the server checks it still matches\n// them and rewrites it with UPDATE_PDF_FONTS=1. Code points each embedded family draws in both its\n// regular and bold weights, as hex \`start-end\` ranges.\nexport const PDF_FONT_COVERAGE = {\n  DejaVuSans:\n    '${actual.DejaVuSans}',\n  NotoSansSC:\n    '${actual.NotoSansSC}',\n} as const;\n`,
      );
    }
    expect(actual).toEqual({ ...PDF_FONT_COVERAGE });
  });

  it('draws each text in the first font that has all its characters', () => {
    expect(pdfFontFor('Saldo Rp 1.500.000 — terima kasih')).toBe('Helvetica');
    expect(pdfFontFor('Здравствуйте, Ivan')).toBe('DejaVuSans');
    expect(pdfFontFor('您好 Ivan, Здравствуйте')).toBe('NotoSansSC');
    expect(pdfFontFor('ქართული 中文')).toBeNull();
    // A value no one font can draw keeps the font with most of it; the rest becomes "?".
    expect(drawable('{{v}}', { v: 'ქართ 中' })).toEqual({ font: 'DejaVuSans', text: 'ქართ ?' });
    expect(drawable('{{v}}', { v: 'שלום 😀\u{fe0f}' })).toEqual({ font: 'DejaVuSans', text: '???? 😀' });
  });

  it('renders Chinese, Cyrillic and Indonesian text, embeds the fonts, and the text reads back', async () => {
    const bytes = await renderPdf(
      script([
        { kind: 'heading', text: '账户对账单 {{name}}', level: 1, align: 'left' },
        { kind: 'paragraph', text: 'Yth. {{name}}, berikut laporan rekening Anda.', align: 'left' },
        { kind: 'keyValue', rows: [{ label: 'Клиент', value: '{{client}}' }] },
        { kind: 'table', columns: ['日期', 'Сумма'], rows: [['{{date}}', '{{amount}}']] },
      ]),
      { name: '王小明', client: 'Иван Петров', date: '2026-11-30', amount: 'Rp 1.500.000' },
    );
    const source = bytes.toString('latin1');
    // Subsets embedded: a TrueType (DejaVu) and a CFF (Noto Sans SC) font file, with Helvetica not embedded.
    expect(source).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans-Bold/);
    expect(source).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansHans-(Regular|Bold)/);
    expect(source).toMatch(/\/FontFile2 \d+ 0 R/);
    expect(source).toMatch(/\/FontFile3 \d+ 0 R/);
    expect(source).toContain('/BaseFont /Helvetica');
    const text = pdfText(bytes);
    for (const value of [
      '账户对账单 王小明',
      'Yth. 王小明, berikut laporan rekening Anda.',
      'Клиент',
      'Иван Петров',
    ])
      expect(text).toContain(value);
    expect(text).toContain('日期');
    expect(text).toContain('Сумма');
    expect(text).toContain('Rp 1.500.000');
  });

  it('refuses in a script only what no font can draw, right-to-left text, and scripts no one font mixes', () => {
    const issues = (text: string) =>
      pdfScriptIssues(script([{ kind: 'paragraph', text, align: 'left' }]), ['name']).map(
        (issue) => issue.message,
      );
    expect(issues('Yth. {{name}} — 您好, Здравствуйте, こんにちは')).toEqual([]);
    expect(issues('Γειά σου, Ivan')).toEqual([]);
    expect(issues('สวัสดี')).toEqual([expect.stringContaining('U+0E2A) cannot be drawn')]);
    expect(issues('مرحبا')).toEqual([expect.stringContaining('right to left')]);
    expect(issues('שלום')).toEqual([expect.stringContaining('U+05E9')]);
    expect(issues('ქართული 中文')).toEqual([expect.stringContaining('cannot be drawn in the same text')]);
    // The file name is not drawn: any character may be in it.
    expect(pdfScriptIssues({ ...script([{ kind: 'divider' }]), fileName: '对账单.pdf' }, [])).toEqual([]);
  });
});
