import { randomBytes } from 'node:crypto';
import { isPdfDrawable, type PdfBlock, type PdfScript } from '@sapa/contracts';
import { fill } from '../dispatch/render-message.js';
import { imageSize } from './pdf-script-check.js';

/**
 * A PDF script rendered for one recipient (decision 0046), with pdfkit's standard fonts (Helvetica,
 * WinAnsi: a value's character they cannot draw becomes `?`). The script's limits (200 blocks, 50 rows,
 * 3 images of 110 kB) bound the document, so it is built in memory: one PDF is at most about a megabyte,
 * and the dispatcher renders one at a time.
 */
export type RenderOptions = {
  /** Uncompressed content streams: the text can be read from the bytes (tests). */
  compress?: boolean;
};

const MARGIN = 50;
const HEADING_SIZES = { 1: 20, 2: 16, 3: 13 } as const;
const BODY_SIZE = 11;
const CELL_PADDING = 4;

/** Text as the PDF can draw it: placeholders filled, then what the fonts lack replaced by `?`. */
export function drawable(text: string, params: Record<string, string>): string {
  let out = '';
  for (const character of fill(text, params).replace(/\r\n?/g, '\n'))
    out += isPdfDrawable(character) ? character : character === '\t' ? ' ' : '?';
  return out;
}

/** The file name a recipient's PDF gets: placeholders filled, unsafe characters dropped, `.pdf` ensured. */
export function pdfFileName(script: PdfScript, params: Record<string, string>): string {
  const name = drawable(script.fileName, params)
    .replace(/[/\\:*?"<>|\n]/g, '')
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
  const PDFDocument = await pdfkit;
  const password = script.passwordParam ? (params[script.passwordParam] ?? '').trim() : '';
  const doc = new PDFDocument({
    size: script.pageSize,
    layout: script.orientation,
    margin: MARGIN,
    compress: options.compress ?? true,
    info: { Title: pdfFileName(script, params).replace(/\.pdf$/i, ''), Producer: 'Sapa' },
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
    for (const block of script.blocks) drawBlock(doc, block, params);
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

function drawBlock(doc: PDFKit.PDFDocument, block: PdfBlock, params: Record<string, string>) {
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  switch (block.kind) {
    case 'heading': {
      doc.font('Helvetica-Bold').fontSize(HEADING_SIZES[block.level]).fillColor('#111111');
      doc.text(drawable(block.text, params), left, doc.y, { width, align: block.align });
      doc.moveDown(0.4);
      return;
    }
    case 'paragraph': {
      doc.font('Helvetica').fontSize(BODY_SIZE).fillColor('#222222');
      doc.text(drawable(block.text, params), left, doc.y, { width, align: block.align });
      doc.moveDown(0.6);
      return;
    }
    case 'keyValue': {
      const labelWidth = Math.round(width * 0.38);
      const valueWidth = width - labelWidth - 8;
      doc.fontSize(BODY_SIZE);
      for (const row of block.rows) {
        const label = drawable(row.label, params);
        const value = drawable(row.value, params);
        const height = Math.max(
          doc.font('Helvetica-Bold').heightOfString(label, { width: labelWidth }),
          doc.font('Helvetica').heightOfString(value, { width: valueWidth }),
        );
        room(doc, height);
        const y = doc.y;
        doc.font('Helvetica-Bold').fillColor('#444444').text(label, left, y, { width: labelWidth });
        doc
          .font('Helvetica')
          .fillColor('#111111')
          .text(value, left + labelWidth + 8, y, { width: valueWidth });
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
        doc.font(header ? 'Helvetica-Bold' : 'Helvetica').fontSize(BODY_SIZE - 1);
        const texts = Array.from({ length: columns }, (_, c) => drawable(cells[c] ?? '', params));
        const height =
          Math.max(
            ...texts.map((text) => doc.heightOfString(text, { width: cellWidth - 2 * CELL_PADDING })),
          ) +
          2 * CELL_PADDING;
        room(doc, height);
        const y = doc.y;
        if (header) doc.rect(left, y, width, height).fill('#eeeeee');
        doc.fillColor('#111111');
        texts.forEach((text, c) => {
          doc.text(text, left + c * cellWidth + CELL_PADDING, y + CELL_PADDING, {
            width: cellWidth - 2 * CELL_PADDING,
          });
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
