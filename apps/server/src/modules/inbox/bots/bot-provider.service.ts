import type { BotProjectInputSchema, BotProviderConnectSchema } from '@sapa/contracts';
import type { z } from 'zod';
import { isId, newId } from '../../../lib/ids.js';
import type { Actor } from '../../../platform/actor.js';
import type { Executor } from '../../../platform/database.js';
import { seal } from '../../../platform/secrets.js';
import { botProjectNotFound, botProviderNotConnected } from './bots.errors.js';
import {
  findProject,
  findProvider,
  insertProject,
  listProjectRows,
  updateProject,
  upsertProvider,
} from './bots.repository.js';
import type { CsBotProjectRow, CsBotProviderRow } from './bots.tables.js';

type ProviderRef = { provider: 'kata'; name: string };

function toProvider(ref: ProviderRef, row: CsBotProviderRow | null) {
  return {
    provider: ref.provider,
    name: ref.name,
    connected: row?.connected ?? false,
    webhookUrl: row?.connected ? row.webhookUrl : null,
    connectedAt: row?.connected ? (row.connectedAt?.toISOString() ?? null) : null,
  };
}

function toProject(row: CsBotProjectRow) {
  return {
    id: row.id,
    provider: row.provider as 'kata',
    name: row.name,
    projectName: row.projectName,
    projectDesc: row.projectDesc,
    kata_ai_projectId: row.kataAiProjectId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A provider never connected reads as disconnected: the screen offers to connect it. */
export async function getBotProvider(db: Executor, actor: Actor, ref: ProviderRef) {
  return toProvider(ref, await findProvider(db, actor.clientId, ref.provider, ref.name));
}

/**
 * Kata AI connect (spec §7): the webhook address and the shared secret, sealed at rest. The address
 * is checked by the outbound policy when it is called (in the job), not here: a name may resolve
 * differently later, so only the connection that is opened is trusted.
 */
export async function connectBotProvider(
  db: Executor,
  actor: Actor,
  ref: ProviderRef,
  input: z.output<typeof BotProviderConnectSchema>,
  encryptionKey: Buffer,
) {
  const row = await upsertProvider(db, {
    clientId: actor.clientId,
    provider: ref.provider,
    name: ref.name,
    webhookUrl: input.webhookUrl,
    secretSealed: seal(encryptionKey, input.secret),
    connected: true,
    connectedAt: new Date(),
  });
  return toProvider(ref, row);
}

/** Kata AI disconnect: the secret is forgotten; the provider's bots hand their conversations to agents. */
export async function disconnectBotProvider(db: Executor, actor: Actor, ref: ProviderRef) {
  const current = await findProvider(db, actor.clientId, ref.provider, ref.name);
  if (!current?.connected) throw botProviderNotConnected();
  const row = await upsertProvider(db, {
    clientId: actor.clientId,
    provider: ref.provider,
    name: ref.name,
    webhookUrl: null,
    secretSealed: null,
    connected: false,
    connectedAt: null,
  });
  return toProvider(ref, row);
}

export async function listBotProjects(
  db: Executor,
  actor: Actor,
  ref: ProviderRef,
  query: { pageNumber?: number | undefined; pageSize?: number | undefined },
) {
  const pageSize = query.pageSize ?? 10;
  const pageNumber = Math.max(query.pageNumber ?? 1, 1);
  const { rows, total } = await listProjectRows(db, actor.clientId, ref.provider, ref.name, {
    pageSize,
    offset: (pageNumber - 1) * pageSize,
  });
  return { items: rows.map(toProject), total, pageNumber, pageSize };
}

export async function createBotProject(
  db: Executor,
  actor: Actor,
  ref: ProviderRef,
  input: z.output<typeof BotProjectInputSchema>,
) {
  const row = await insertProject(db, {
    clientId: actor.clientId,
    id: newId(),
    provider: ref.provider,
    name: ref.name,
    projectName: input.projectName,
    projectDesc: input.projectDesc,
    kataAiProjectId: input.kata_ai_projectId,
  });
  return toProject(row);
}

export async function updateBotProject(
  db: Executor,
  actor: Actor,
  ref: ProviderRef,
  input: z.output<typeof BotProjectInputSchema> & { id: string },
) {
  const current = isId(input.id) ? await findProject(db, actor.clientId, input.id) : null;
  if (!current || current.provider !== ref.provider || current.name !== ref.name) throw botProjectNotFound();
  const row = await updateProject(db, actor.clientId, current.id, {
    projectName: input.projectName,
    projectDesc: input.projectDesc,
    kataAiProjectId: input.kata_ai_projectId,
  });
  if (!row) throw botProjectNotFound();
  return toProject(row);
}
