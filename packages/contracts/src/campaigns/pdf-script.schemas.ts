import { z } from 'zod';

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
 * The characters the PDF's standard fonts (WinAnsi) can draw: printable ASCII, Latin-1 and the
 * Windows-1252 extras (€, dashes, curly quotes, …). A recipient's value outside them is drawn as `?`;
 * a script's own text outside them is refused.
 */
const WIN_ANSI_EXTRAS = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
export function isPdfDrawable(character: string): boolean {
  const code = character.codePointAt(0)!;
  return (
    character === '\n' ||
    (code >= 0x20 && code <= 0x7e) ||
    (code >= 0xa0 && code <= 0xff) ||
    WIN_ANSI_EXTRAS.includes(character)
  );
}

const MAX_IMAGES = 3;

/**
 * What is wrong with a script for a campaign whose translator fills `knownParameters` (the rules'
 * `to` names): unknown `{{parameters}}` (like the voice script's validation) and characters the PDF
 * cannot draw, in order. An empty list: the script can be saved. Shared by the editor and the server.
 */
export function pdfScriptIssues(script: PdfScript, knownParameters: readonly string[]): PdfScriptIssue[] {
  const known = new Set(knownParameters);
  const issues: PdfScriptIssue[] = [];
  const check = (path: string, text: string) => {
    for (const match of text.matchAll(PLACEHOLDER)) {
      const name = match[1]!;
      if (!known.has(name))
        issues.push({
          path,
          kind: 'unknown_parameter',
          message: `{{${name}}} is not a parameter of this campaign (known: ${[...known].join(', ') || 'none'}).`,
        });
    }
    for (const character of text.replace(PLACEHOLDER, '')) {
      if (!isPdfDrawable(character)) {
        const code = character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
        issues.push({
          path,
          kind: 'unsupported_character',
          message: `"${character}" (U+${code}) cannot be drawn with the PDF's fonts; use Latin letters.`,
        });
        break;
      }
    }
  };
  check('fileName', script.fileName);
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
