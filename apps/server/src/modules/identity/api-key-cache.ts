import { createHash } from 'node:crypto';
import { clientsOperations, subscriptionOperations } from '@sapa/contracts';
import type { ApiKeyActor } from '../../platform/actor.js';
import type { Executor, NotificationListener } from '../../platform/database.js';
import { resolveApiKey } from './identity.service.js';

/**
 * The channel a database trigger notifies with a client's id whenever one of its API secrets, its row
 * (status, features) or its subscription changes (migration `api-key-invalidation`, decision 0031).
 */
export const API_KEY_CHANGES_CHANNEL = 'sapa_api_key_changes';
const DEFAULT_TTL_MS = 5_000;
const DEFAULT_MAX_ENTRIES = 10_000;

/**
 * The portal's own writes to what a resolution reads (`METHOD path`): the process that serves one drops
 * its entries before answering, so the writer's next call is judged afresh. The trigger's NOTIFY reaches
 * this process too, but a few milliseconds after the commit on PostgreSQL.
 */
const CHANGING_ROUTES: ReadonlySet<string> = new Set(
  [...Object.values(clientsOperations), ...Object.values(subscriptionOperations)]
    .filter((operation) => operation.method !== 'GET')
    .map((operation) => `${operation.method} ${operation.path}`),
);

type Entry = { actor: ApiKeyActor; clientId: string; until: number };

export type ApiKeyCacheOptions = {
  db: Executor;
  listen: NotificationListener;
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
};

/**
 * Resolved API secrets kept for a few seconds, so the public API does not pay the secret, client and
 * subscription lookups on every call (decision 0031). Every change to what a resolution read reaches
 * each process through PostgreSQL's NOTIFY, fired by a trigger in the writing transaction: the
 * client's entries are dropped on it. Only found secrets are kept (a wrong one is looked up each time).
 */
export function createApiKeyCache(options: ApiKeyCacheOptions) {
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const now = options.now ?? Date.now;
  // Keyed by a digest of the secret, so the map never holds a secret itself.
  const entries = new Map<string, Entry>();
  let listening = false;
  let unlisten: (() => Promise<void>) | null = null;
  /**
   * Bumped by every invalidation: a resolution that started before one may have read the old rows, so
   * it answers but is not kept.
   */
  let generation = 0;

  const keyOf = (secret: string) => createHash('sha256').update(secret).digest('base64url');

  function invalidateClient(clientId: string) {
    generation++;
    for (const [key, entry] of entries) if (entry.clientId === clientId) entries.delete(key);
  }

  function clear() {
    generation++;
    entries.clear();
  }

  return {
    async resolve(secret: string): Promise<ApiKeyActor | null> {
      const key = keyOf(secret);
      const found = entries.get(key);
      if (found && found.until > now()) return found.actor;
      if (found) entries.delete(key);
      const started = generation;
      const actor = await resolveApiKey(options.db, secret);
      // Kept only while changes are heard, and only if no change arrived during the lookup.
      if (actor && listening && started === generation) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        entries.set(key, { actor, clientId: actor.clientId, until: now() + ttlMs });
      }
      return actor;
    },
    invalidateClient,
    clear,
    /** Called as every answer leaves (`onSend`): after a route that changed a client or its secrets. */
    afterRoute(method: string, route: string | undefined) {
      if (route && CHANGING_ROUTES.has(`${method} ${route}`)) clear();
    },
    /** How many resolutions are kept now (tests and metrics). */
    size: () => entries.size,
    async start() {
      unlisten = await options.listen(
        API_KEY_CHANGES_CHANNEL,
        (clientId) => invalidateClient(clientId),
        // Changes made while the listening connection was down were not heard: forget everything.
        clear,
      );
      listening = true;
    },
    async stop() {
      listening = false;
      clear();
      if (unlisten) await unlisten();
      unlisten = null;
    },
  };
}

export type ApiKeyCache = ReturnType<typeof createApiKeyCache>;
