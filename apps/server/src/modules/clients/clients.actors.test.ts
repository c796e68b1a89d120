import { describe, expect, it } from 'vitest';
import { systemActor } from '../../platform/actor.js';
import type { Database } from '../../platform/database.js';
import { rotateApiSecret } from './clients.service.js';

const CLIENT = '00000000-0000-0000-0000-000000000001';

describe('API secret rotation', () => {
  it('is done by a person, whom the secret records: an API key or a client-wide job is refused', async () => {
    const db = {} as Database;
    const forbidden = { statusCode: 403, code: 'forbidden' };
    const key = { kind: 'apiKey', clientId: CLIENT, keyId: 'k-1', features: -1 } as const;
    await expect(rotateApiSecret(db, { actor: key, ip: null, userAgent: null })).rejects.toMatchObject(
      forbidden,
    );
    await expect(
      rotateApiSecret(db, { actor: systemActor(CLIENT, 'nightly'), ip: null, userAgent: null }),
    ).rejects.toMatchObject(forbidden);
  });
});
