import { z } from 'zod';
import { PDF_FONT_COVERAGE } from './pdf-fonts.coverage.js';

// A campaign's PDF script (issue 16 item 3, issue 17 `/email/pdf-script/:campaignCode`; decision 0046):
// a small document model — page, then blocks of heading, paragraph, key-value rows, table, image and
// divider — whose texts carry `{{param}}` placeholders filled from each recipient's translated row.
// Deliberately not HTML: every block is laid out the same way on every server, nothing is fetched, and
// a script can be checked completely before approval.

export const PDF_PAGE_SIZES = ['A4', 'A5', 'LETTER', 'LEGAL'] as const;
export const PDF_ALIGNS = ['left', 'center', 'right'] as const;
/** The parameter a campaign's messages use for the recipient's PDF download link (SMS, WhatsApp, Telegram). */
export const PDF_LINK_PARAM = 'pdfUrl';

const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]{0,63})\s*\}\}/g;

const line = (label: string, max: number) =>
  z.string({ error: `Enter the ${label}` }).max(max, `The ${label} has at most ${max} characters`);
const align = z.enum(PDF_ALIGNS).default('left');

export const PdfBlockSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('heading'),
    text: line('heading', 300).min(1, 'Enter the heading'),
    level: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
    align,
  }),
  z.object({ kind: z.literal('paragraph'), text: line('paragraph', 5000).min(1, 'Enter the text'), align }),
  z.object({
    kind: z.literal('keyValue'),
    rows: z
      .array(z.object({ label: line('label', 200), value: line('value', 500) }))
      .min(1, 'Give at least one row')
      .max(50, 'At most 50 rows'),
  }),
  z.object({
    kind: z.literal('table'),
    columns: z
      .array(line('column title', 100))
      .min(1, 'Give at least one column')
      .max(8, 'At most 8 columns'),
    rows: z.array(z.array(line('cell', 500)).max(8)).max(50, 'At most 50 rows'),
  }),
  z.object({
    kind: z.literal('image'),
    /** A PNG or JPEG (a logo), base64 without the `data:` prefix, at most 150 kB encoded. */
    data: z
      .string()
      .max(150_000, 'An image is at most 110 kB')
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'An image is base64 data'),
    width: z.number().int().min(16).max(500).default(120).describe('Width in points (1/72 inch)'),
    align,
  }),
  z.object({ kind: z.literal('divider') }),
]);
export type PdfBlock = z.infer<typeof PdfBlockSchema>;

export const PdfScriptSchema = z.object({
  pageSize: z.enum(PDF_PAGE_SIZES).default('A4'),
  orientation: z.enum(['portrait', 'landscape']).default('portrait'),
  fileName: z
    .string()
    .trim()
    .min(1, 'Enter a file name')
    .max(120, 'A file name has at most 120 characters')
    .regex(/^[^/\\:*?"<>|\p{Cc}]+$/u, 'A file name has no / \\ : * ? " < > |')
    .default('statement.pdf')
    .describe('The attachment and download name, e.g. "statement-{{accountNo}}.pdf"'),
  passwordParam: z
    .string()
    .regex(PARAM_NAME, 'A parameter name has letters, digits and underscores')
    .nullable()
    .default(null)
    .describe("The parameter whose value opens the PDF (AES-256), e.g. the recipient's date of birth"),
  linkDays: z
    .number()
    .int()
    .min(1, 'A download link lasts at least 1 day')
    .max(90, 'A download link lasts at most 90 days')
    .default(30)
    .describe('How long the per-recipient download link of an SMS, WhatsApp or Telegram message works'),
  blocks: z.array(PdfBlockSchema).min(1, 'Add at least one block').max(200, 'At most 200 blocks'),
});
export type PdfScript = z.infer<typeof PdfScriptSchema>;
export type PdfScriptInput = z.input<typeof PdfScriptSchema>;

export type PdfScriptIssue = {
  /** Where, as `blocks.2.rows.0.value`, `fileName` or `passwordParam`. */
  path: string;
  kind: 'unknown_parameter' | 'unsupported_character' | 'too_many_images';
  message: string;
};

/**
 * The fonts a PDF draws with, in the order tried (decision 0052): a text is drawn in the first one that
 * has every one of its characters — Helvetica (standard, WinAnsi, nothing embedded) for Latin text,
 * then DejaVu Sans (Latin, Greek, Cyrillic, …) and Noto Sans SC (Chinese, Japanese kana), embedded.
 */
export const PDF_FONT_FAMILIES = ['Helvetica', 'DejaVuSans', 'NotoSansSC'] as const;
export type PdfFontFamily = (typeof PDF_FONT_FAMILIES)[number];

/** PDFs are kept this many days after their download link expires, then deleted (decision 0052). */
export const PDF_KEEP_DAYS_AFTER_LINK = 30;

const WIN_ANSI_EXTRAS = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
const isWinAnsi = (code: number, character: string) =>
  (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.includes(character);

/** Emoji presentation selectors: dropped when drawing (the embedded fonts are monochrome anyway). */
export const isPdfIgnorable = (character: string) => character === '\ufe0e' || character === '\ufe0f';

/**
 * Right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko, …): pdfkit lays text out left to right
 * with no bidirectional reordering, so such text would come out reversed. Refused in scripts, drawn as
 * `?` in values, rather than drawn wrong.
 */
export function isRightToLeft(character: string): boolean {
  const code = character.codePointAt(0)!;
  return (
    (code >= 0x0590 && code <= 0x08ff) ||
    (code >= 0xfb1d && code <= 0xfdff) ||
    (code >= 0xfe70 && code <= 0xfeff) ||
    (code >= 0x10800 && code <= 0x10fff) ||
    (code >= 0x1e800 && code <= 0x1efff)
  );
}

let ranges: Map<PdfFontFamily, number[]> | undefined;
/** Each embedded family's code points as sorted [start, end, start, end, …] (parsed on first use). */
function rangesOf(family: Exclude<PdfFontFamily, 'Helvetica'>): number[] {
  ranges ??= new Map(
    (Object.keys(PDF_FONT_COVERAGE) as (keyof typeof PDF_FONT_COVERAGE)[]).map((name) => [
      name,
      PDF_FONT_COVERAGE[name].split(',').flatMap((range) => {
        const [start, end = start] = range.split('-');
        return [Number.parseInt(start!, 16), Number.parseInt(end!, 16)];
      }),
    ]),
  );
  return ranges.get(family)!;
}

/** Whether `family` draws this character (in both weights); a line break is always drawn. */
export function pdfFontCovers(family: PdfFontFamily, character: string): boolean {
  if (character === '\n') return true;
  const code = character.codePointAt(0)!;
  if (isRightToLeft(character)) return false;
  if (family === 'Helvetica') return isWinAnsi(code, character);
  const list = rangesOf(family);
  let low = 0;
  let high = list.length / 2 - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (code < list[2 * middle]!) high = middle - 1;
    else if (code > list[2 * middle + 1]!) low = middle + 1;
    else return true;
  }
  return false;
}

/** Whether some font of the PDF draws this character (a text may still need it in one font: `pdfFontFor`). */
export function isPdfDrawable(character: string): boolean {
  return PDF_FONT_FAMILIES.some((family) => pdfFontCovers(family, character));
}

/** The first font that draws every character of `text`, or null when none does alone. */
export function pdfFontFor(text: string): PdfFontFamily | null {
  const characters = [...text].filter((character) => !isPdfIgnorable(character));
  return (
    PDF_FONT_FAMILIES.find((family) => characters.every((character) => pdfFontCovers(family, character))) ??
    null
  );
}

const codeOf = (character: string) =>
  `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

const MAX_IMAGES = 3;

/**
 * What is wrong with a script for a campaign whose translator fills `knownParameters` (the rules'
 * `to` names): unknown `{{parameters}}` (like the voice script's validation) and characters the PDF
 * cannot draw, in order. An empty list: the script can be saved. Shared by the editor and the server.
 */
export function pdfScriptIssues(script: PdfScript, knownParameters: readonly string[]): PdfScriptIssue[] {
  const known = new Set(knownParameters);
  const issues: PdfScriptIssue[] = [];
  const check = (path: string, text: string, drawn = true) => {
    for (const match of text.matchAll(PLACEHOLDER)) {
      const name = match[1]!;
      if (!known.has(name))
        issues.push({
          path,
          kind: 'unknown_parameter',
          message: `{{${name}}} is not a parameter of this campaign (known: ${[...known].join(', ') || 'none'}).`,
        });
    }
    if (!drawn) return;
    const own = [...text.replace(PLACEHOLDER, '')].filter((character) => !isPdfIgnorable(character));
    const rightToLeft = own.find(isRightToLeft);
    const missing = own.find((character) => !isRightToLeft(character) && !isPdfDrawable(character));
    if (rightToLeft)
      issues.push({
        path,
        kind: 'unsupported_character',
        message: `"${rightToLeft}" (${codeOf(rightToLeft)}) is written right to left, which the PDF cannot lay out yet (it would come out reversed).`,
      });
    else if (missing)
      issues.push({
        path,
        kind: 'unsupported_character',
        message: `"${missing}" (${codeOf(missing)}) cannot be drawn with the PDF's fonts (Latin, Greek, Cyrillic, Chinese and Japanese kana can).`,
      });
    else if (!pdfFontFor(own.join(''))) {
      // Each character has a font, but no one font has them all: say which two part ways.
      const first = own.find((character) => !pdfFontCovers('NotoSansSC', character))!;
      const second = own.find((character) => !pdfFontCovers('DejaVuSans', character))!;
      issues.push({
        path,
        kind: 'unsupported_character',
        message: `"${first}" (${codeOf(first)}) and "${second}" (${codeOf(second)}) cannot be drawn in the same text; put them in separate blocks or cells.`,
      });
    }
  };
  // The file name is not drawn (only its placeholders are checked): any character may be in it.
  check('fileName', script.fileName, false);
  if (script.passwordParam && !known.has(script.passwordParam))
    issues.push({
      path: 'passwordParam',
      kind: 'unknown_parameter',
      message: `${script.passwordParam} is not a parameter of this campaign (known: ${[...known].join(', ') || 'none'}).`,
    });
  let images = 0;
  script.blocks.forEach((block, index) => {
    const at = `blocks.${index}`;
    switch (block.kind) {
      case 'heading':
      case 'paragraph':
        check(`${at}.text`, block.text);
        break;
      case 'keyValue':
        block.rows.forEach((row, r) => {
          check(`${at}.rows.${r}.label`, row.label);
          check(`${at}.rows.${r}.value`, row.value);
        });
        break;
      case 'table':
        block.columns.forEach((column, c) => {
          check(`${at}.columns.${c}`, column);
        });
        block.rows.forEach((row, r) => {
          row.forEach((cell, c) => {
            check(`${at}.rows.${r}.${c}`, cell);
          });
        });
        break;
      case 'image':
        images += 1;
        if (images === MAX_IMAGES + 1)
          issues.push({
            path: at,
            kind: 'too_many_images',
            message: `A PDF has at most ${MAX_IMAGES} images.`,
          });
        break;
      case 'divider':
        break;
    }
  });
  return issues;
}

/** A sample row (file column → cell) turned into a PDF through the campaign's translator. */
export const PdfPreviewRequestSchema = z.object({
  pdfScript: PdfScriptSchema,
  row: z
    .record(z.string().max(200), z.string().max(4096))
    .refine((row) => Object.keys(row).length <= 100, 'A sample row has at most 100 columns')
    .describe('File column → cell text, read through the campaign’s param translator'),
});

export const UpdatePdfScriptRequestSchema = z.object({
  pdfScript: PdfScriptSchema.nullable().describe('null removes the PDF from the campaign'),
});

/** One recipient's PDF, rendered when its message was sent. */
export const BatchPdfSchema = z.object({
  notificationId: z.string(),
  rowNo: z.number().int(),
  recipient: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
});
export const BatchPdfPageSchema = z.object({
  pageSize: z.number(),
  pageNumber: z.number(),
  total: z.number(),
  items: z.array(BatchPdfSchema),
});

/** A campaign of the channel with a PDF script, and its latest batches with the PDFs made for each. */
export const PdfCampaignSchema = z.object({
  campaignId: z.string(),
  code: z.string(),
  name: z.string(),
  status: z.string(),
  fileName: z.string(),
  pdfCount: z.number().int().describe('PDFs rendered for all its batches'),
  batches: z.array(
    z.object({
      batchId: z.string(),
      status: z.string(),
      fileName: z.string().nullable(),
      createdAt: z.string(),
      validCount: z.number().int(),
      pdfCount: z.number().int(),
    }),
  ),
});
export const PdfCampaignPageSchema = z.object({
  pageSize: z.number(),
  pageNumber: z.number(),
  total: z.number(),
  items: z.array(PdfCampaignSchema),
});
export type PdfCampaign = z.infer<typeof PdfCampaignSchema>;
