import { type CampaignChannel, type ParamTranslator, type PdfScript, pdfScriptIssues } from '@sapa/contracts';
import { AppError } from '../../../platform/errors.js';

/** A PNG's or baseline/progressive JPEG's size in pixels, or null when the bytes are neither. */
export function imageSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length >= 24 && bytes.readUInt32BE(0) === 0x89504e47 && bytes.readUInt32BE(4) === 0x0d0a1a0a) {
    const width = bytes.readUInt32BE(16);
    const height = bytes.readUInt32BE(20);
    return width > 0 && height > 0 ? { width, height } : null;
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    let at = 2;
    while (at + 9 < bytes.length) {
      if (bytes[at] !== 0xff) return null;
      const marker = bytes[at + 1]!;
      const length = bytes.readUInt16BE(at + 2);
      // SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC) carry the frame's size.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        const height = bytes.readUInt16BE(at + 5);
        const width = bytes.readUInt16BE(at + 7);
        return width > 0 && height > 0 ? { width, height } : null;
      }
      at += 2 + length;
    }
  }
  return null;
}

/** The parameters a campaign's rows carry: what its translator fills. */
export const knownParameters = (translator: ParamTranslator) => translator.rules.map((rule) => rule.to);

/**
 * A PDF script a campaign may carry (decision 0046), else 400 `pdf_script_invalid` naming each problem
 * (`details`: path and message), like a voice script's validation: unknown parameters, characters the
 * fonts cannot draw, images that are not PNG or JPEG, a password parameter a row may leave empty.
 */
export function checkPdfScript(channel: CampaignChannel, translator: ParamTranslator, script: PdfScript) {
  if (channel === 'VOICE')
    throw new AppError(400, 'pdf_script_invalid', 'A voice campaign cannot send a PDF.', [
      { path: 'pdfScript', message: 'A voice campaign cannot send a PDF.' },
    ]);
  const details = pdfScriptIssues(script, knownParameters(translator)).map(({ path, message }) => ({
    path: `pdfScript.${path}`,
    message,
  }));
  script.blocks.forEach((block, index) => {
    if (block.kind === 'image' && !imageSize(Buffer.from(block.data, 'base64')))
      details.push({ path: `pdfScript.blocks.${index}.data`, message: 'An image is a PNG or JPEG file.' });
  });
  if (script.passwordParam) {
    const rule = translator.rules.find((candidate) => candidate.to === script.passwordParam);
    if (rule && !rule.required && !rule.default)
      details.push({
        path: 'pdfScript.passwordParam',
        message: `The password parameter ${script.passwordParam} must be required in the param translator, so no PDF goes out unprotected.`,
      });
  }
  if (details.length > 0) throw new AppError(400, 'pdf_script_invalid', details[0]!.message, details);
}
