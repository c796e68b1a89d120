import type { CampaignWindow, WindowInput } from '@sapa/contracts';
import { isId, newId } from '../../../lib/ids.js';
import type { Actor } from '../../../platform/actor.js';
import { type AuditActor, recordAudit } from '../../../platform/audit/index.js';
import type { Database, Executor } from '../../../platform/database.js';
import { requireSharedAccess } from '../campaigns.access.js';
import { isUniqueViolation, windowInUse, windowNameTaken, windowNotFound } from '../campaigns.errors.js';
import {
  countCampaignsUsing,
  deleteWindow,
  findWindow,
  insertWindow,
  listWindows,
  updateWindow,
} from '../campaigns.repository.js';
import type { CampaignWindowRow } from '../campaigns.tables.js';
import { isOpen, nextOpening } from './window-schedule.js';

function toWindow(row: CampaignWindowRow): CampaignWindow {
  return {
    windowId: row.id,
    name: row.name,
    timeZone: row.timeZone,
    ranges: row.ranges,
    blackoutDates: row.blackoutDates,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function loadWindow(db: Executor, actor: Actor, windowId: string, need: 'view' | 'make') {
  await requireSharedAccess(db, actor, need);
  const row = isId(windowId) ? await findWindow(db, actor.clientId, windowId) : null;
  if (!row) throw windowNotFound();
  return row;
}

/** Blackout dates are kept sorted and once each, so a window reads the same however it was written. */
const normalised = (input: WindowInput) => ({
  ...input,
  blackoutDates: [...new Set(input.blackoutDates)].sort(),
});

export async function listClientWindows(db: Executor, actor: Actor) {
  await requireSharedAccess(db, actor, 'view');
  return { items: (await listWindows(db, actor.clientId)).map(toWindow) };
}

export async function getWindow(db: Executor, actor: Actor, windowId: string) {
  return toWindow(await loadWindow(db, actor, windowId, 'view'));
}

export async function createWindow(db: Database, caller: AuditActor, input: WindowInput) {
  const { actor } = caller;
  await requireSharedAccess(db, actor, 'make');
  const fields = normalised(input);
  try {
    return await db.transaction(async (tx) => {
      const row = await insertWindow(tx, { clientId: actor.clientId, id: newId(), ...fields });
      await recordAudit(tx, caller, {
        clientId: actor.clientId,
        action: 'campaign_window.create',
        entityType: 'campaign_window',
        entityId: row.id,
        after: fields,
      });
      return toWindow(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw windowNameTaken();
    throw error;
  }
}

export async function editWindow(db: Database, caller: AuditActor, windowId: string, input: WindowInput) {
  const { actor } = caller;
  const before = await loadWindow(db, actor, windowId, 'make');
  const fields = normalised(input);
  try {
    return await db.transaction(async (tx) => {
      const row = await updateWindow(tx, actor.clientId, before.id, fields);
      if (!row) throw windowNotFound();
      await recordAudit(tx, caller, {
        clientId: actor.clientId,
        action: 'campaign_window.update',
        entityType: 'campaign_window',
        entityId: row.id,
        before: toWindow(before),
        after: fields,
      });
      return toWindow(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw windowNameTaken();
    throw error;
  }
}

/** A window a campaign uses stays (409): a campaign never loses its sending hours silently. */
export async function removeWindow(db: Database, caller: AuditActor, windowId: string) {
  const { actor } = caller;
  const before = await loadWindow(db, actor, windowId, 'make');
  const users = await countCampaignsUsing(db, actor.clientId, { windowId: before.id });
  if (users > 0) throw windowInUse(users);
  await db.transaction(async (tx) => {
    if (!(await deleteWindow(tx, actor.clientId, before.id))) throw windowNotFound();
    await recordAudit(tx, caller, {
      clientId: actor.clientId,
      action: 'campaign_window.delete',
      entityType: 'campaign_window',
      entityId: before.id,
      before: toWindow(before),
    });
  });
  return { deleted: true };
}

/** The "window call": whether the window is open at `at` (now by default) and when it opens next. */
export async function windowOpening(db: Executor, actor: Actor, windowId: string, at: Date) {
  const row = await loadWindow(db, actor, windowId, 'view');
  const next = nextOpening(row, at);
  return { open: isOpen(row, at), nextOpening: next?.toISOString() ?? null };
}
