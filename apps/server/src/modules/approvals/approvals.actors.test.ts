import { describe, expect, it } from 'vitest';
import { type Actor, systemActor } from '../../platform/actor.js';
import type { Database } from '../../platform/database.js';
import {
  ApprovalRegistry,
  approveTask,
  listApprovalTasks,
  proposeChange,
  rejectTask,
} from './approvals.service.js';

const CLIENT = '00000000-0000-0000-0000-000000000001';
const TASK = '00000000-0000-0000-0000-000000000002';
// Refused before anything is read: the database is never touched.
const db = {} as Database;
const nobody: [string, Actor][] = [
  ['an API key', { kind: 'apiKey', clientId: CLIENT, keyId: 'k-1', features: -1 }],
  ['a client-wide job', systemActor(CLIENT, 'nightly')],
];

describe.each(nobody)('maker-checker called by %s', (_, actor) => {
  const forbidden = { statusCode: 403, code: 'forbidden' };
  const by = { actor, ip: null, userAgent: null };

  it('refuses to propose or decide a task: a task names the person who made and decided it', async () => {
    const change = { clientId: CLIENT, type: 'user.create', summary: 'New user', payload: {} };
    await expect(proposeChange(db, by, change)).rejects.toMatchObject(forbidden);
    await expect(approveTask(db, new ApprovalRegistry(), by, TASK)).rejects.toMatchObject(forbidden);
    await expect(rejectTask(db, by, TASK, 'no')).rejects.toMatchObject(forbidden);
  });

  it('has no list of tasks it created', async () => {
    await expect(
      listApprovalTasks(db, actor, 'create', { pageSize: 10, pageNumber: 1 }),
    ).rejects.toMatchObject(forbidden);
  });
});
