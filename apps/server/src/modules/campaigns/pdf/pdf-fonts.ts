import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PdfFontFamily } from '@sapa/contracts';
import type { Font } from 'fontkit';

/**
 * The fonts a recipient's PDF draws with (decision 0052): pdfkit's Helvetica (WinAnsi, nothing
 * embedded), then DejaVu Sans (Latin, Greek, Cyrillic and many more) and Noto Sans SC (Chinese,
 * Japanese kana, with Latin and Cyrillic), both from npm packages and embedded as subsets. Each font
 * file is read and parsed once per process (an 8 MB CJK font takes about half a second), then shared
 * by every document.
 */
const require = createRequire(import.meta.url);
const notoDir = path.join(path.dirname(require.resolve('@embedpdf/fonts-sc')), '..', 'fonts');

export const FONT_FILES: Record<Exclude<PdfFontFamily, 'Helvetica'>, { regular: string; bold: string }> = {
  DejaVuSans: {
    regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
    bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  },
  NotoSansSC: {
    regular: path.join(notoDir, 'NotoSansHans-Regular.otf'),
    bold: path.join(notoDir, 'NotoSansHans-Bold.otf'),
  },
};

/** fontkit loads with the first PDF, not on every start (issue 19 goal 4). */
let fontkit: typeof import('fontkit') | null = null;
export async function loadPdfFonts(): Promise<void> {
  fontkit ??= await import('fontkit');
}

const parsed = new Map<string, Font>();
/** After `loadPdfFonts`. */
export function loadFont(file: string): Font {
  let font = parsed.get(file);
  if (!font) {
    if (!fontkit) throw new Error('loadPdfFonts() first');
    font = fontkit.create(readFileSync(file)) as Font;
    parsed.set(file, font);
  }
  return font;
}

/** What `doc.font()` takes for a family and weight: a standard font's name or the parsed font. */
export function pdfFont(family: PdfFontFamily, bold: boolean): string | Font {
  if (family === 'Helvetica') return bold ? 'Helvetica-Bold' : 'Helvetica';
  const files = FONT_FILES[family];
  return loadFont(bold ? files.bold : files.regular);
}

/**
 * The code points a family draws in both weights, as `start-end` hex ranges joined by commas: the form
 * `PDF_FONT_COVERAGE` in contracts is written in (its test compares the two).
 */
export function coverageOf(family: Exclude<PdfFontFamily, 'Helvetica'>): string {
  const files = FONT_FILES[family];
  const regular = loadFont(files.regular);
  const bold = loadFont(files.bold);
  const points = [...new Set(regular.characterSet)]
    .filter((point) => point >= 0x20 && bold.hasGlyphForCodePoint(point))
    .sort((a, b) => a - b);
  const ranges: string[] = [];
  let start = -1;
  let end = -2;
  for (const point of points) {
    if (point === end + 1) {
      end = point;
      continue;
    }
    if (start >= 0)
      ranges.push(start === end ? start.toString(16) : `${start.toString(16)}-${end.toString(16)}`);
    start = point;
    end = point;
  }
  if (start >= 0)
    ranges.push(start === end ? start.toString(16) : `${start.toString(16)}-${end.toString(16)}`);
  return ranges.join(',');
}
