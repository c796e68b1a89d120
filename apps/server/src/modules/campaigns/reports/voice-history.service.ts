import type { VoiceHistoryFilters } from '@sapa/contracts';
import { isId } from '../../../lib/ids.js';
import type { Actor } from '../../../platform/actor.js';
import type { Executor } from '../../../platform/database.js';
import { notFound } from '../../../platform/errors.js';
import type { Storage, StoredFile } from '../../../platform/storage/index.js';
import { findCallDetails } from '../../messaging/index.js';
import { requireChannelReportAccess } from '../campaigns.access.js';
import { resolveLocalDays } from '../local-days.js';
import { callOutcome, findCall, listCalls } from './reports.repository.js';

/** The history reads at most a year at once: its totals are a sum over every call selected. */
const MAX_DAYS = 366;

export const recordingNotFound = () =>
  notFound('recording_not_found', 'This call did not play an uploaded recording.');

/**
 * `/voice/voiceHistory`: every call (a voice attempt of a campaign, API or self-service notification)
 * with its outcome, duration, charged duration (the provider's minimum/increment, decision 0034) and the
 * keys pressed; totals of the whole selection on top. Who may read it: as the voice status messages.
 */
export async function voiceHistory(
  db: Executor,
  actor: Actor,
  query: VoiceHistoryFilters & { pageSize: number; pageNumber: number },
) {
  await requireChannelReportAccess(db, actor, 'VOICE');
  const days = await resolveLocalDays(db, actor.clientId, query, MAX_DAYS);
  const { rows, totals } = await listCalls(
    db,
    actor.clientId,
    { days, campaignId: query.campaignId, outcome: query.outcome, recipient: query.recipient },
    { sort: query.sort, limit: query.pageSize, offset: query.pageNumber * query.pageSize },
  );
  const details = await findCallDetails(
    db,
    actor.clientId,
    rows.flatMap((row) => (row.outboundId ? [row.outboundId] : [])),
  );
  const items = rows.map(({ outboundId, ...row }) => {
    const call = outboundId ? details.get(outboundId) : undefined;
    return {
      ...row,
      outcome: callOutcome(row.status),
      dtmf: call?.dtmf ?? null,
      hasRecording: Boolean(call?.recordingFileId),
      startedAt: row.startedAt.toISOString(),
      endedAt: row.endedAt?.toISOString() ?? null,
    };
  });
  return {
    items,
    total: totals.calls,
    pageSize: query.pageSize,
    pageNumber: query.pageNumber,
    totals: {
      ...totals,
      averageSeconds:
        totals.answered === 0 ? null : Math.round((totals.durationSeconds / totals.answered) * 10) / 10,
    },
  };
}

/**
 * The uploaded recording a call played, as a stored file of the client: another client's call, a call
 * that spoke a script, or a recording since deleted all answer 404.
 */
export async function getCallRecording(
  db: Executor,
  storage: Storage,
  actor: Actor,
  notificationId: string,
  attempt: number,
): Promise<StoredFile> {
  // Another client's call is not found before anything else is said about it.
  const call = await findCall(db, actor.clientId, notificationId, attempt);
  if (!call) throw recordingNotFound();
  await requireChannelReportAccess(db, actor, 'VOICE');
  if (!call.outboundId) throw recordingNotFound();
  const fileId = (await findCallDetails(db, actor.clientId, [call.outboundId])).get(
    call.outboundId,
  )?.recordingFileId;
  if (!fileId || !isId(fileId)) throw recordingNotFound();
  return storage.get(db, actor.clientId, fileId);
}
