import { describe, expect, it } from 'vitest';
import { type Actor, systemActor } from '../actor.js';
import type { Executor } from '../database.js';
import { type AuditActor, recordAudit } from './audit.service.js';

const CLIENT = '00000000-0000-0000-0000-000000000001';

/** The row recordAudit inserts, caught instead of written. */
async function rowFor(by: AuditActor | null) {
  let row: Record<string, unknown> | undefined;
  const values = async (inserted: Record<string, unknown>) => {
    row = inserted;
  };
  const tx = { insert: () => ({ values }) };
  await recordAudit(tx as unknown as Executor, by, {
    clientId: CLIENT,
    action: 'x.update',
    entityType: 'x',
    entityId: null,
  });
  return row!;
}

const from = (actor: Actor): AuditActor => ({ actor, ip: '10.0.0.1', userAgent: 'agent' });

describe('who the audit trail records', () => {
  it('records a person by user id and email, and where they acted from', async () => {
    const person = { userId: 'u-1', role: 'ADC', chatRole: null, csId: null, email: 'adc@x' } as const;
    const user: Actor = {
      kind: 'user',
      ...person,
      clientId: CLIENT,
      homeClientId: CLIENT,
      sessionId: 's-1',
      name: 'Admin',
      features: 0,
    };
    expect(await rowFor(from(user))).toMatchObject({
      actorUserId: 'u-1',
      actorEmail: 'adc@x',
      ip: '10.0.0.1',
      userAgent: 'agent',
    });
    expect(await rowFor(from(systemActor(CLIENT, 'inbox.export', person)))).toMatchObject({
      actorUserId: 'u-1',
      actorEmail: 'adc@x',
    });
  });

  it('names a job or an API key by its label, with no user id; nobody when there is no caller', async () => {
    expect(await rowFor(from(systemActor(CLIENT, 'nightly')))).toMatchObject({
      actorUserId: null,
      actorEmail: 'system:nightly',
    });
    expect(await rowFor(from({ kind: 'apiKey', clientId: CLIENT, keyId: 'k-1', features: 0 }))).toMatchObject(
      { actorUserId: null, actorEmail: 'api-key:k-1' },
    );
    expect(await rowFor(null)).toMatchObject({
      actorUserId: null,
      actorEmail: null,
      ip: null,
      userAgent: null,
    });
  });
});
