import { type CsConfig, type CsConfigPatchSchema, withDefaults } from '@sapa/contracts';
import type { z } from 'zod';
import { isId } from '../../../lib/ids.js';
import { type Actor, principalOf } from '../../../platform/actor.js';
import type { Executor } from '../../../platform/database.js';
import { findBot } from '../bots/bots.repository.js';
import { botNotFound, clientNotFound } from '../inbox.errors.js';
import { findConfiguration, upsertConfiguration } from './configuration.repository.js';

/** The client's configuration with defaults filled in; a client that never saved one gets them all. */
export async function getCsConfig(db: Executor, clientId: string): Promise<CsConfig> {
  const row = await findConfiguration(db, clientId);
  return withDefaults(row?.config);
}

/** Only a super admin names another client; anyone else naming one that is not theirs gets 404. */
function targetClient(actor: Actor, clientId: string | undefined): string {
  if (!clientId || clientId === actor.clientId) return actor.clientId;
  // Only a super admin (or a job on their behalf) reaches another client; a client-wide job never does.
  if (principalOf(actor)?.role !== 'SAD' || !isId(clientId)) throw clientNotFound();
  return clientId;
}

export async function getConfiguration(db: Executor, actor: Actor, clientId?: string) {
  const target = targetClient(actor, clientId);
  const row = await findConfiguration(db, target);
  return { clientId: target, config: withDefaults(row?.config), defaultBot: row?.defaultBotId ?? null };
}

export async function saveConfiguration(
  db: Executor,
  actor: Actor,
  patch: z.infer<typeof CsConfigPatchSchema>,
  clientId?: string,
) {
  const target = targetClient(actor, clientId);
  const current = await getCsConfig(db, target);
  const merged = withDefaults({ ...current, ...patch });
  const row = await upsertConfiguration(db, target, { config: merged });
  return { clientId: target, config: merged, defaultBot: row.defaultBotId };
}

/**
 * The default bot is one of this client's active chat bots (decision 0035, replacing 0017's agent with
 * its bot on): any other id, another client's included, answers 404 and leaves the configuration as it was.
 */
export async function setDefaultBot(db: Executor, actor: Actor, botId: string) {
  const bot = isId(botId) ? await findBot(db, actor.clientId, { id: botId }) : null;
  if (!bot?.active) throw botNotFound();
  const row = await upsertConfiguration(db, actor.clientId, { defaultBotId: botId });
  return { clientId: actor.clientId, config: withDefaults(row.config), defaultBot: row.defaultBotId };
}
