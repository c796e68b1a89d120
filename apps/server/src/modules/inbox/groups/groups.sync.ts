import { GROUP_MAX_PARTICIPANTS } from '@sapa/contracts';
import { newId } from '../../../lib/ids.js';
import type { Database, Executor } from '../../../platform/database.js';
import type { JobDefinition } from '../../../platform/jobs.js';
import type { Realtime } from '../../../platform/realtime/realtime.types.js';
import { type GroupUpdate, WhatsappGroupError, type WhatsappGroups } from '../../messaging/index.js';
import { publishGroupUpdated } from './groups.live.js';
import {
  claimGroupCreation,
  countParticipants,
  deleteParticipants,
  findGroup,
  findGroupAwaitingCreation,
  findGroupByProviderId,
  listParticipantsInState,
  recordGroupCreation,
  updateGroupRow,
  upsertParticipant,
} from './groups.repository.js';
import { detailOf, GROUP_SYNC_JOB } from './groups.service.js';
import type { CsGroupRow } from './groups.tables.js';

export type GroupSyncDeps = {
  db: Database;
  realtime?: Realtime | undefined;
  /** WhatsApp's Groups API on the client's numbers (messaging). */
  groups: WhatsappGroups;
  enqueue?: ((name: string, data: object, options?: object) => Promise<unknown>) | undefined;
  log: { warn(object: object, message: string): void };
  clock?: () => Date;
};

async function publish(deps: Pick<GroupSyncDeps, 'realtime'>, db: Executor, row: CsGroupRow) {
  await publishGroupUpdated(deps, db, row.clientId, await detailOf(db, row));
}

async function settle(
  deps: GroupSyncDeps,
  row: CsGroupRow,
  changes: Partial<
    Pick<CsGroupRow, 'syncState' | 'syncError' | 'syncedAt' | 'inviteLink' | 'providerSubject'>
  >,
) {
  const updated = await updateGroupRow(deps.db, row.clientId, row.id, changes);
  if (updated) await publish(deps, deps.db, updated);
}

/**
 * Job: makes WhatsApp hold the group as Sapa does, step by step, each step recorded as it succeeds so a
 * rerun goes on from there: create it (then wait for WhatsApp's webhook), rename it, take out the
 * participants being removed, fetch its invite link. Ends `synced`, or `failed` with WhatsApp's words
 * (retried by the queue when another try may help).
 */
export async function syncGroup(deps: GroupSyncDeps, job: { clientId: string; groupId: string }) {
  const clock = deps.clock ?? (() => new Date());
  let row = await findGroup(deps.db, job.clientId, job.groupId);
  if (!row) return;
  try {
    if (!row.providerGroupId) {
      const claim = `creating:${newId()}`;
      // Created already (or being created): WhatsApp's webhook completes it.
      if (!(await claimGroupCreation(deps.db, row.clientId, row.id, claim))) return;
      let created: Awaited<ReturnType<WhatsappGroups['create']>>;
      try {
        created = await deps.groups.create(row.clientId, row.channelId, row.subject);
      } catch (error) {
        await updateGroupRow(deps.db, row.clientId, row.id, { providerRequestId: null });
        throw error;
      }
      await recordGroupCreation(deps.db, row.clientId, row.id, claim, {
        channelId: created.channelId,
        providerRequestId: created.requestId ?? claim,
        providerSubject: row.subject,
        ...(created.groupId ? { providerGroupId: created.groupId, providerRequestId: null } : {}),
      });
      if (!created.groupId) return;
      row = (await findGroup(deps.db, job.clientId, job.groupId))!;
    }
    const groupId = row.providerGroupId!;
    if (row.subject !== (row.providerSubject ?? row.subject) || row.providerSubject === null) {
      if (row.providerSubject !== null)
        await deps.groups.updateSubject(row.clientId, row.channelId, groupId, row.subject);
      row = (await updateGroupRow(deps.db, row.clientId, row.id, { providerSubject: row.subject }))!;
    }
    const leaving = await listParticipantsInState(deps.db, row.clientId, row.id, 'removing');
    if (leaving.length > 0) {
      const phones = leaving.map((p) => p.phoneNumber);
      await deps.groups.removeParticipants(row.clientId, row.channelId, groupId, phones);
      await deleteParticipants(deps.db, row.clientId, row.id, phones);
    }
    const inviteLink = row.inviteLink ?? (await deps.groups.inviteLink(row.clientId, row.channelId, groupId));
    await settle(deps, row, { syncState: 'synced', syncError: null, syncedAt: clock(), inviteLink });
  } catch (error) {
    if (!(error instanceof WhatsappGroupError)) throw error;
    deps.log.warn(
      { clientId: row.clientId, groupId: row.id, retryable: error.retryable },
      'chat group sync failed',
    );
    await settle(deps, row, { syncState: 'failed', syncError: error.message.slice(0, 1000) });
    if (error.retryable) throw error;
  }
}

/**
 * A Groups API webhook, inside the transaction that stored it: the group created (its WhatsApp id and
 * invite link), its creation refused, or participants who joined or left.
 */
export async function applyGroupUpdate(
  deps: Pick<GroupSyncDeps, 'realtime' | 'enqueue' | 'log'>,
  tx: Executor,
  update: GroupUpdate,
) {
  if (update.kind === 'created' || update.kind === 'create_failed') {
    const row = await findGroupAwaitingCreation(tx, update.clientId, {
      requestId: update.requestId,
      channelId: update.channelId,
      subject: update.subject,
    });
    if (!row) {
      deps.log.warn(
        { clientId: update.clientId },
        'whatsapp group created that no chat group awaits; ignored',
      );
      return;
    }
    if (update.kind === 'create_failed') {
      const failed = await updateGroupRow(tx, row.clientId, row.id, {
        providerRequestId: null,
        syncState: 'failed',
        syncError: update.reason.slice(0, 1000),
      });
      if (failed) await publish(deps, tx, failed);
      return;
    }
    if (await findGroupByProviderId(tx, update.clientId, update.groupId)) return;
    const linked = await updateGroupRow(tx, row.clientId, row.id, {
      providerGroupId: update.groupId,
      providerRequestId: null,
      channelId: update.channelId,
      providerSubject: update.subject ?? row.providerSubject ?? row.subject,
      inviteLink: update.inviteLink,
    });
    if (!linked) return;
    // Renamed meanwhile, removals waiting, or no link given: the job goes on; otherwise it is done.
    const more =
      linked.subject !== linked.providerSubject ||
      !linked.inviteLink ||
      (await listParticipantsInState(tx, row.clientId, row.id, 'removing')).length > 0;
    const done = more
      ? linked
      : await updateGroupRow(tx, row.clientId, row.id, {
          syncState: 'synced',
          syncError: null,
          syncedAt: update.at,
        });
    await publish(deps, tx, done ?? linked);
    if (more) await deps.enqueue?.(GROUP_SYNC_JOB, { clientId: row.clientId, groupId: row.id });
    return;
  }
  const row = await findGroupByProviderId(tx, update.clientId, update.groupId);
  if (!row) return;
  if (update.kind === 'deleted') {
    const gone = await updateGroupRow(tx, row.clientId, row.id, {
      syncState: 'failed',
      syncError: 'The group was deleted at WhatsApp',
    });
    if (gone) await publish(deps, tx, gone);
    return;
  }
  if (update.kind === 'participants_added') {
    for (const phoneNumber of update.phones) {
      const full = (await countParticipants(tx, row.clientId, row.id)) >= GROUP_MAX_PARTICIPANTS;
      // One already listed (invited) becomes joined; a newcomer only while there is room.
      const listed = (await listParticipantsInState(tx, row.clientId, row.id, 'invited')).some(
        (p) => p.phoneNumber === phoneNumber,
      );
      if (full && !listed) continue;
      await upsertParticipant(tx, { clientId: row.clientId, groupId: row.id, phoneNumber, state: 'joined' });
    }
  } else {
    await deleteParticipants(tx, row.clientId, row.id, update.phones);
  }
  const current = await updateGroupRow(tx, row.clientId, row.id, {});
  await publish(deps, tx, current ?? row);
}

/** The chat groups' job: pushing a group to WhatsApp. */
export function groupJobs(deps: () => GroupSyncDeps): JobDefinition<never>[] {
  const sync: JobDefinition<{ clientId: string; groupId: string }> = {
    name: GROUP_SYNC_JOB,
    retryLimit: 5,
    handler: (data) => syncGroup(deps(), data),
  };
  return [sync] as JobDefinition<never>[];
}
