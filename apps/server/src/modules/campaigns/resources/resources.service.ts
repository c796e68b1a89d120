import {
  CHANNEL_RESOURCE_TYPES,
  RESOURCE_MAX_BYTES,
  RESOURCE_MEDIA_TYPES,
  type Resource,
  type ResourceChannel,
  type ResourceListQuery,
  type ResourcePage,
  WHATSAPP_TEMPLATE_WRITE_ROLES,
} from '@sapa/contracts';
import { audioDurationMs } from '../../../lib/audio-duration.js';
import { isId, newId } from '../../../lib/ids.js';
import { type Actor, actorLabel, hasRole, requireFeatureOpen } from '../../../platform/actor.js';
import type { Database, Executor } from '../../../platform/database.js';
import { detectedMediaType, type Storage } from '../../../platform/storage/index.js';
import { listTemplatesUsingFile } from '../../messaging/index.js';
import { type CampaignNeed, requireCampaignAccess } from '../campaigns.access.js';
import {
  recordingNotFound,
  recordingUnreadable,
  resourceExists,
  resourceInUse,
  resourceNotFound,
  resourceTooLarge,
  resourceTypeRefused,
} from './resources.errors.js';
import * as repository from './resources.repository.js';
import type { CampaignResourceRow } from './resources.tables.js';

export type ResourceDeps = { db: Database; storage: Storage };

/**
 * Who works with an area's resources: its campaign users (decision 0028: admins, and the channel's
 * makers to change, checkers too to see); for WhatsApp also the roles that manage templates, who pick a
 * header sample from them.
 */
async function requireResourceAccess(
  db: Executor,
  actor: Actor,
  channel: ResourceChannel,
  need: CampaignNeed,
) {
  if (channel === 'WHATSAPP' && hasRole(actor, WHATSAPP_TEMPLATE_WRITE_ROLES)) {
    requireFeatureOpen(actor, 'WHATSAPP');
    return;
  }
  await requireCampaignAccess(db, actor, channel, need);
}

export const toResource = (row: CampaignResourceRow): Resource => ({
  id: row.id,
  channel: row.channel,
  name: row.name,
  kind: row.kind,
  mimeType: row.mimeType,
  size: row.size,
  durationMs: row.durationMs,
  fileId: row.fileId,
  createdAt: row.createdAt.toISOString(),
});

async function loadResource(db: Executor, actor: Actor, resourceId: string, need: CampaignNeed) {
  const row = isId(resourceId) ? await repository.findResource(db, actor.clientId, resourceId) : null;
  if (!row) throw resourceNotFound();
  await requireResourceAccess(db, actor, row.channel, need);
  return row;
}

const labels = (types: readonly string[]) => {
  const names = types.map((type) => RESOURCE_MEDIA_TYPES[type]!.label);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0]!;
};

/**
 * Keeps an uploaded file in an area's library. Its type is what its first bytes show (a PNG named
 * `.png` that is really text is refused), within the area's types and its kind's size; a WAV or MP3
 * must be readable to its end, and its duration is kept.
 */
export async function uploadResource(
  deps: ResourceDeps,
  actor: Actor,
  input: { channel: ResourceChannel; name?: string | undefined; fileName: string | null; bytes: Buffer },
): Promise<Resource> {
  const { db, storage } = deps;
  await requireResourceAccess(db, actor, input.channel, 'make');
  const accepted = CHANNEL_RESOURCE_TYPES[input.channel];
  const mimeType = detectedMediaType(input.bytes);
  if (!mimeType || !accepted.includes(mimeType)) throw resourceTypeRefused(labels(accepted));
  const { kind, label } = RESOURCE_MEDIA_TYPES[mimeType]!;
  if (input.bytes.length > RESOURCE_MAX_BYTES[kind]) throw resourceTooLarge(kind, RESOURCE_MAX_BYTES[kind]);
  let durationMs: number | null = null;
  if (mimeType === 'audio/wav' || mimeType === 'audio/mpeg') {
    durationMs = audioDurationMs(mimeType, input.bytes);
    if (durationMs === null) throw recordingUnreadable(label);
  }
  const name = (input.name ?? input.fileName ?? '').trim().slice(0, 200) || `${kind}-${Date.now()}`;
  const file = await storage.save(db, {
    clientId: actor.clientId,
    bytes: input.bytes,
    mimeType,
    fileName: name,
  });
  const row = await repository.insertResource(db, {
    clientId: actor.clientId,
    id: newId(),
    channel: input.channel,
    name,
    kind,
    mimeType,
    size: input.bytes.length,
    durationMs,
    fileId: file.id,
    createdBy: actorLabel(actor),
  });
  if (!row) {
    const existing = await repository.findResourceByFile(db, actor.clientId, input.channel, file.id);
    throw resourceExists(existing?.name ?? name);
  }
  return toResource(row);
}

export async function listClientResources(
  db: Executor,
  actor: Actor,
  query: ResourceListQuery,
): Promise<ResourcePage> {
  await requireResourceAccess(db, actor, query.channel, 'view');
  const { rows, total } = await repository.listResources(db, actor.clientId, query);
  return { pageSize: query.pageSize, pageNumber: query.pageNumber, total, items: rows.map(toResource) };
}

export async function getResource(db: Executor, actor: Actor, resourceId: string): Promise<Resource> {
  return toResource(await loadResource(db, actor, resourceId, 'view'));
}

export async function renameClientResource(db: Executor, actor: Actor, resourceId: string, name: string) {
  await loadResource(db, actor, resourceId, 'make');
  const row = await repository.renameResource(db, actor.clientId, resourceId, name);
  if (!row) throw resourceNotFound();
  return toResource(row);
}

/** What uses the file of a resource: campaigns and batches playing it, templates showing it. */
async function usersOf(db: Executor, row: CampaignResourceRow): Promise<string[]> {
  if (row.channel === 'VOICE') return repository.listRecordingUsers(db, row.clientId, row.fileId);
  if (row.channel === 'WHATSAPP')
    return (await listTemplatesUsingFile(db, row.clientId, row.fileId)).map((name) => `template ${name}`);
  return [];
}

/** Deletes a resource nothing uses any more; while something does, says what (409 `resource_in_use`). */
export async function deleteClientResource(db: Database, actor: Actor, resourceId: string) {
  const row = await loadResource(db, actor, resourceId, 'make');
  return db.transaction(async (tx) => {
    const users = await usersOf(tx, row);
    if (users.length > 0) throw resourceInUse(users);
    return { deleted: await repository.deleteResource(tx, actor.clientId, resourceId) };
  });
}

/** The file of a resource, to preview, play or download. */
export async function openResource(deps: ResourceDeps, actor: Actor, resourceId: string) {
  const row = await loadResource(deps.db, actor, resourceId, 'view');
  const file = await deps.storage.get(deps.db, actor.clientId, row.fileId);
  return { row, file, stream: deps.storage.open(file) };
}

/**
 * A campaign's recording is one of the client's voice resources (WAV or MP3); anything else, another
 * client's file included, is `recording_not_found` (404).
 */
export async function requireRecording(db: Executor, clientId: string, fileId: string) {
  const row = isId(fileId) ? await repository.findResourceByFile(db, clientId, 'VOICE', fileId) : null;
  if (!row) throw recordingNotFound();
  return row;
}
