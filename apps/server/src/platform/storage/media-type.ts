/**
 * What a file's first bytes say it is. A declared type (a file name, a provider's `mime_type`) is only
 * a claim: a file is stored under a type only when its bytes agree, so nothing is served back as an
 * image that is not one.
 */
type Signature =
  | 'jpeg'
  | 'png'
  | 'webp'
  | 'gif'
  | 'pdf'
  | 'zip'
  | 'ole'
  | 'ogg'
  | 'mp3'
  | 'aac'
  | 'amr'
  | 'wav'
  | 'iso-bmff';

const startsWith = (bytes: Buffer, prefix: number[], offset = 0) =>
  bytes.length >= offset + prefix.length && prefix.every((byte, index) => bytes[offset + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

function signatureOf(bytes: Buffer): Signature | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WAVE'), 8)) return 'wav';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('%PDF-'))) return 'pdf';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  if (startsWith(bytes, ascii('OggS'))) return 'ogg';
  if (startsWith(bytes, ascii('#!AMR'))) return 'amr';
  if (startsWith(bytes, ascii('ftyp'), 4)) return 'iso-bmff';
  if (startsWith(bytes, ascii('ID3'))) return 'mp3';
  // Frame sync: MPEG audio layer 1–3 (mp3), or ADTS (AAC) where the layer bits are zero.
  if (bytes.length >= 2 && bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0) {
    return (bytes[1]! & 0x06) === 0 ? 'aac' : 'mp3';
  }
  return null;
}

/** The image types WhatsApp delivers, told by their first bytes rather than the name or the declared type. */
export function imageMimeTypeOf(bytes: Buffer): 'image/jpeg' | 'image/png' | 'image/webp' | null {
  const signature = signatureOf(bytes);
  if (signature === 'jpeg') return 'image/jpeg';
  if (signature === 'png') return 'image/png';
  if (signature === 'webp') return 'image/webp';
  return null;
}

/** What a signature is stored as when the bytes alone decide (an upload's name is not asked). */
const DETECTED: Partial<Record<Signature, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  pdf: 'application/pdf',
  ogg: 'audio/ogg',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  amr: 'audio/amr',
  aac: 'audio/aac',
  'iso-bmff': 'video/mp4',
};

/** The type a file's first bytes show, whatever its name says; null when they show none we serve. */
export function detectedMediaType(bytes: Buffer): string | null {
  const signature = signatureOf(bytes);
  return signature === null ? null : (DETECTED[signature] ?? null);
}

const OOXML = 'application/vnd.openxmlformats-officedocument';
/** Declared type → the signatures its bytes may have. */
const EXPECTED: Record<string, Signature[]> = {
  'image/jpeg': ['jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'image/gif': ['gif'],
  'audio/aac': ['aac', 'iso-bmff'],
  'audio/mp4': ['iso-bmff'],
  'audio/mpeg': ['mp3'],
  'audio/amr': ['amr'],
  'audio/wav': ['wav'],
  'audio/ogg': ['ogg'],
  'audio/opus': ['ogg'],
  'video/mp4': ['iso-bmff'],
  'video/3gpp': ['iso-bmff'],
  'application/pdf': ['pdf'],
  'application/zip': ['zip'],
  [`${OOXML}.wordprocessingml.document`]: ['zip'],
  [`${OOXML}.spreadsheetml.sheet`]: ['zip'],
  [`${OOXML}.presentationml.presentation`]: ['zip'],
  'application/msword': ['ole'],
  'application/vnd.ms-excel': ['ole'],
  'application/vnd.ms-powerpoint': ['ole'],
};
const TEXT_TYPES = new Set(['text/plain', 'text/csv']);

function isPlainText(bytes: Buffer): boolean {
  if (bytes.includes(0) || signatureOf(bytes) !== null) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * The type to store a file under, given what it was declared as: the declared type when its bytes
 * agree; `application/octet-stream` (served for download, never rendered) for a type we cannot
 * check; null when the bytes contradict the declared type.
 */
export function storedMediaType(declared: string, bytes: Buffer): string | null {
  const type = declared.split(';')[0]!.trim().toLowerCase();
  const expected = EXPECTED[type];
  if (expected) {
    const signature = signatureOf(bytes);
    return signature !== null && expected.includes(signature) ? type : null;
  }
  if (TEXT_TYPES.has(type)) return isPlainText(bytes) ? type : null;
  return 'application/octet-stream';
}
