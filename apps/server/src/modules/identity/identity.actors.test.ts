import { describe, expect, it } from 'vitest';
import { type Actor, systemActor } from '../../platform/actor.js';
import type { Database } from '../../platform/database.js';
import { type AccountDeps, changePassword, getProfile, validatePassword } from './account/account.service.js';
import { getMe, logout, switchOwnClient } from './identity.service.js';

const CLIENT = '00000000-0000-0000-0000-000000000001';
const person = { userId: 'u-1', role: 'SAD', chatRole: null, csId: null, email: 'sad@x' } as const;
// Refused before anything is read: the database is never touched.
const db = {} as Database;
const notSignedIn: [string, Actor][] = [
  ['an API key', { kind: 'apiKey', clientId: CLIENT, keyId: 'k-1', features: -1 }],
  ['a client-wide job', systemActor(CLIENT, 'nightly')],
  ['a job for a user', systemActor(CLIENT, 'inbox.export', person)],
];

describe.each(notSignedIn)('identity services called by %s', (_, actor) => {
  const forbidden = { statusCode: 403, code: 'forbidden' };

  it('refuse what only a signed-in user does with their own session', async () => {
    await expect(getMe(db, actor)).rejects.toMatchObject(forbidden);
    await expect(logout(db, actor)).rejects.toMatchObject(forbidden);
    await expect(switchOwnClient({ db } as AccountDeps, actor, CLIENT)).rejects.toMatchObject(forbidden);
  });

  it('refuse what only a signed-in user does with their own account', async () => {
    await expect(getProfile(db, actor)).rejects.toMatchObject(forbidden);
    const body = {
      oldPassword: 'Old#2026pass',
      newPassword: 'New#2026pass',
      confirmPassword: 'New#2026pass',
    };
    await expect(
      changePassword({ db } as AccountDeps, { actor, ip: null, userAgent: null }, body),
    ).rejects.toMatchObject(forbidden);
    expect(() => validatePassword(actor, body)).toThrow(expect.objectContaining(forbidden));
  });
});
