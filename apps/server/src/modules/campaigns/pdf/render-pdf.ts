import { randomBytes } from 'node:crypto';
import {
  isPdfIgnorable,
  PDF_FONT_FAMILIES,
  type PdfBlock,
  type PdfFontFamily,
  type PdfScript,
  pdfFontCovers,
  pdfFontFor,
} from '@sapa/contracts';
import { fill } from '../dispatch/render-message.js';
import { loadPdfFonts, pdfFont } from './pdf-fonts.js';
import { imageSize } from './pdf-script-check.js';

/**
 * A PDF script rendered for one recipient (decision 0046). Each text is drawn in the first font that has
 * all its characters (decision 0052): Helvetica (standard, not embedded) for Latin text, else DejaVu
 * Sans or Noto Sans SC, embedded as subsets; a value's character none draws becomes `?`. The script's limits (200 blocks, 50 rows,
 * 3 images of 110 kB) bound the document, so it is built in memory: one PDF is at most about a megabyte,
 * and the dispatcher renders one at a time.
 */
export type RenderOptions = {
  /** Uncompressed content streams: the text can be read from the bytes (tests). */
  compress?: boolean;
  /**
   * Draw every text in this font (when it has the characters) instead of the first that fits: how the
   * benchmark compares one embedded font for everything with Helvetica first.
   */
  preferFont?: PdfFontFamily;
  /**
   * Written in the document's information: no two recipients' PDFs have the same bytes, so a stored
   * file (content-addressed) is never shared by two of them and retention can delete each alone.
   */
  documentId?: string;
};

/** A text ready to draw: the font that has all its characters, and the text (with `?` for the rest). */
export type DrawableText = { font: PdfFontFamily; text: string };

const MARGIN = 50;
const HEADING_SIZES = { 1: 20, 2: 16, 3: 13 } as const;
const BODY_SIZE = 11;
const CELL_PADDING = 4;

/**
 * Text as the PDF can draw it: placeholders filled, then the first font with every character; when no
 * font has them all (a value mixing scripts no one font covers), the font with most of them, the rest `?`.
 */
export function drawable(
  text: string,
  params: Record<string, string>,
  preferFont?: PdfFontFamily,
): DrawableText {
  const characters = [...fill(text, params).replace(/\r\n?/g, '\n').replace(/\t/g, ' ')].filter(
    (character) => !isPdfIgnorable(character),
  );
  const joined = characters.join('');
  if (preferFont && characters.every((character) => pdfFontCovers(preferFont, character)))
    return { font: preferFont, text: joined };
  const whole = pdfFontFor(joined);
  if (whole) return { font: whole, text: joined };
  const drawn = (family: PdfFontFamily) =>
    characters.filter((character) => pdfFontCovers(family, character)).length;
  const font = PDF_FONT_FAMILIES.reduce((best, family) => (drawn(family) > drawn(best) ? family : best));
  return {
    font,
    text: characters.map((character) => (pdfFontCovers(font, character) ? character : '?')).join(''),
  };
}

/** The file name a recipient's PDF gets: placeholders filled, unsafe characters dropped, `.pdf` ensured. */
export function pdfFileName(script: PdfScript, params: Record<string, string>): string {
  const name = fill(script.fileName, params)
    .replace(/[/\\:*?"<>|\p{Cc}]/gu, '')
    .trim()
    .slice(0, 120);
  const base = name === '' || name === '.pdf' ? 'document.pdf' : name;
  return /\.pdf$/i.test(base) ? base : `${base}.pdf`;
}

/** pdfkit and its font libraries load with the first PDF, not on every start (issue 19 goal 4). */
let pdfkit: Promise<typeof import('pdfkit')> | null = null;

export async function renderPdf(
  script: PdfScript,
  params: Record<string, string>,
  options: RenderOptions = {},
): Promise<Buffer> {
  pdfkit ??= import('pdfkit').then((loaded) => loaded.default);
  const [PDFDocument] = await Promise.all([pdfkit, loadPdfFonts()]);
  const password = script.passwordParam ? (params[script.passwordParam] ?? '').trim() : '';
  const doc = new PDFDocument({
    size: script.pageSize,
    layout: script.orientation,
    margin: MARGIN,
    compress: options.compress ?? true,
    info: {
      Title: pdfFileName(script, params).replace(/\.pdf$/i, ''),
      Producer: 'Sapa',
      ...(options.documentId ? { Subject: `Sapa document ${options.documentId}` } : {}),
    },
    ...(password
      ? {
          // AES-256 (PDF 1.7 extension level 3): the recipient opens it with the value, e.g. a birth date.
          pdfVersion: '1.7ext3' as const,
          userPassword: password,
          ownerPassword: randomBytes(24).toString('base64url'),
          permissions: { printing: 'highResolution' as const, copying: true },
        }
      : {}),
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  try {
    const text = (value: string, bold: boolean) => {
      const drawn = drawable(value, params, options.preferFont);
      // pdfkit takes a parsed fontkit font as well (its types say only files and buffers).
      doc.font(pdfFont(drawn.font, bold) as unknown as PDFKit.Mixins.PDFFontSource);
      return drawn.text;
    };
    for (const block of script.blocks) drawBlock(doc, block, text);
    doc.end();
  } catch (error) {
    doc.end();
    throw error;
  }
  return done;
}

const contentWidth = (doc: PDFKit.PDFDocument) =>
  doc.page.width - doc.page.margins.left - doc.page.margins.right;
const bottom = (doc: PDFKit.PDFDocument) => doc.page.height - doc.page.margins.bottom;

/** Starts a new page when `height` more points do not fit on this one. */
function room(doc: PDFKit.PDFDocument, height: number) {
  if (doc.y + height > bottom(doc)) doc.addPage();
}

/** Sets the font a text is drawn in (its weight, and the first family that has its characters) and answers it as drawn. */
type UseText = (value: string, bold: boolean) => string;

function drawBlock(doc: PDFKit.PDFDocument, block: PdfBlock, use: UseText) {
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  switch (block.kind) {
    case 'heading': {
      doc.fontSize(HEADING_SIZES[block.level]).fillColor('#111111');
      doc.text(use(block.text, true), left, doc.y, { width, align: block.align });
      doc.moveDown(0.4);
      return;
    }
    case 'paragraph': {
      doc.fontSize(BODY_SIZE).fillColor('#222222');
      doc.text(use(block.text, false), left, doc.y, { width, align: block.align });
      doc.moveDown(0.6);
      return;
    }
    case 'keyValue': {
      const labelWidth = Math.round(width * 0.38);
      const valueWidth = width - labelWidth - 8;
      doc.fontSize(BODY_SIZE);
      for (const row of block.rows) {
        const labelHeight = doc.heightOfString(use(row.label, true), { width: labelWidth });
        const height = Math.max(
          labelHeight,
          doc.heightOfString(use(row.value, false), { width: valueWidth }),
        );
        room(doc, height);
        const y = doc.y;
        doc.fillColor('#444444').text(use(row.label, true), left, y, { width: labelWidth });
        doc.fillColor('#111111').text(use(row.value, false), left + labelWidth + 8, y, { width: valueWidth });
        doc.y = y + height + 3;
      }
      doc.x = left;
      doc.moveDown(0.6);
      return;
    }
    case 'table': {
      const columns = block.columns.length;
      const cellWidth = width / columns;
      const drawRow = (cells: string[], header: boolean) => {
        doc.fontSize(BODY_SIZE - 1);
        const cellText = (c: number) => use(cells[c] ?? '', header);
        const height =
          Math.max(
            ...Array.from({ length: columns }, (_, c) =>
              doc.heightOfString(cellText(c), { width: cellWidth - 2 * CELL_PADDING }),
            ),
          ) +
          2 * CELL_PADDING;
        room(doc, height);
        const y = doc.y;
        if (header) doc.rect(left, y, width, height).fill('#eeeeee');
        doc.fillColor('#111111');
        for (let c = 0; c < columns; c++)
          doc.text(cellText(c), left + c * cellWidth + CELL_PADDING, y + CELL_PADDING, {
            width: cellWidth - 2 * CELL_PADDING,
          });
        doc
          .moveTo(left, y + height)
          .lineTo(left + width, y + height)
          .lineWidth(0.5)
          .strokeColor('#bbbbbb')
          .stroke();
        doc.y = y + height;
      };
      drawRow(block.columns, true);
      for (const row of block.rows) drawRow(row, false);
      doc.x = left;
      doc.moveDown(0.8);
      return;
    }
    case 'image': {
      const bytes = Buffer.from(block.data, 'base64');
      const size = imageSize(bytes);
      if (!size) throw new Error('The image is not a PNG or JPEG');
      const imageWidth = Math.min(block.width, width);
      const height = (imageWidth * size.height) / size.width;
      room(doc, height);
      const x =
        block.align === 'center'
          ? left + (width - imageWidth) / 2
          : block.align === 'right'
            ? left + width - imageWidth
            : left;
      const y = doc.y;
      doc.image(bytes, x, y, { width: imageWidth });
      doc.x = left;
      doc.y = y + height + 8;
      return;
    }
    case 'divider': {
      room(doc, 12);
      const y = doc.y + 4;
      doc
        .moveTo(left, y)
        .lineTo(left + width, y)
        .lineWidth(0.75)
        .strokeColor('#999999')
        .stroke();
      doc.y = y + 8;
      return;
    }
  }
}
