import { randomBytes } from 'node:crypto';

// Random bytes drawn 4 KiB at a time: one system call per 256 ids instead of one per id.
const POOL_SIZE = 4096;
let pool = randomBytes(POOL_SIZE);
let offset = 0;

/** UUIDv7 (RFC 9562): time-ordered, so new rows land at the end of every index. */
export function newId(now: number = Date.now()): string {
  if (offset + 16 > POOL_SIZE) {
    pool = randomBytes(POOL_SIZE);
    offset = 0;
  }
  // Copied out: each pool byte serves one id only.
  const bytes = Buffer.from(pool.subarray(offset, offset + 16));
  offset += 16;
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids arrive from users; anything that is not a UUID cannot name a row, so callers answer 404. */
export function isId(value: string): boolean {
  return UUID_PATTERN.test(value);
}
