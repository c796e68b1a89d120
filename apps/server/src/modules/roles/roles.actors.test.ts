import { describe, expect, it } from 'vitest';
import { systemActor } from '../../platform/actor.js';
import type { Database } from '../../platform/database.js';
import { getMyRights } from './roles.service.js';

const CLIENT = '00000000-0000-0000-0000-000000000001';

describe('my rights', () => {
  it('belong to a person: an API key or a client-wide job has no role to read them of', async () => {
    const db = {} as Database;
    const forbidden = { statusCode: 403, code: 'forbidden' };
    await expect(
      getMyRights(db, { kind: 'apiKey', clientId: CLIENT, keyId: 'k-1', features: -1 }),
    ).rejects.toMatchObject(forbidden);
    await expect(getMyRights(db, systemActor(CLIENT, 'nightly'))).rejects.toMatchObject(forbidden);
  });
});
