import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Executor } from '../database.js';
import { createStorage } from './storage.js';

/** Shared links are refused before any lookup when their signature or time is wrong. */
describe('shared file links', () => {
  const storage = createStorage('/nonexistent-data-dir', randomBytes(32));
  const other = createStorage('/nonexistent-data-dir', randomBytes(32));
  const clientId = '00000000-0000-7000-8000-000000000001';
  const fileId = '00000000-0000-7000-8000-000000000002';
  // A lookup would mean the link passed; these links must not get that far.
  const noLookup = new Proxy(
    {},
    {
      get() {
        throw new Error('looked up a file for a link that is not valid');
      },
    },
  ) as Executor;
  const partsOf = (path: string) => {
    const url = new URL(path, 'http://sapa.invalid');
    const [, , , , client, file] = url.pathname.split('/');
    return {
      clientId: client!,
      fileId: file!,
      expires: Number(url.searchParams.get('expires')),
      signature: url.searchParams.get('signature')!,
    };
  };

  it('names the client and file, and expires', () => {
    const link = partsOf(storage.sharedPath(clientId, fileId, 60));
    expect(link).toMatchObject({ clientId, fileId });
    expect(link.expires).toBeGreaterThan(Date.now() / 1000);
  });

  it('refuses an expired link, another key’s link, and a link moved to another file or client', async () => {
    const expired = partsOf(storage.sharedPath(clientId, fileId, -1));
    await expect(storage.getShared(noLookup, expired)).rejects.toMatchObject({ statusCode: 404 });
    const foreign = partsOf(other.sharedPath(clientId, fileId));
    await expect(storage.getShared(noLookup, foreign)).rejects.toMatchObject({ statusCode: 404 });
    const valid = partsOf(storage.sharedPath(clientId, fileId));
    await expect(
      storage.getShared(noLookup, { ...valid, fileId: '00000000-0000-7000-8000-000000000003' }),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(
      storage.getShared(noLookup, { ...valid, clientId: '00000000-0000-7000-8000-000000000009' }),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(
      storage.getShared(noLookup, { ...valid, expires: valid.expires + 3600 }),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});
