import { createHash } from 'node:crypto';
import type { AccessChanges } from '../../platform/access-changes.js';
import type { ApiKeyActor } from '../../platform/actor.js';
import type { Executor } from '../../platform/database.js';
import { resolveApiKey } from './identity.service.js';

const DEFAULT_TTL_MS = 5_000;
const DEFAULT_MAX_ENTRIES = 10_000;

type Entry = { actor: ApiKeyActor; clientId: string; until: number };

export type ApiKeyCacheOptions = {
  db: Executor;
  /** The process's listener of access changes (decision 0049): the client's entries drop on each. */
  changes: AccessChanges;
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
};

/**
 * Resolved API secrets kept for a few seconds, so the public API does not pay the secret, client and
 * subscription lookups on every call (decision 0031). Every change to what a resolution read reaches
 * each process through PostgreSQL's NOTIFY, fired by a trigger in the writing transaction (one
 * channel for every cached caller, decision 0049): the client's entries are dropped on it. Only
 * found secrets are kept (a wrong one is looked up each time).
 */
export function createApiKeyCache(options: ApiKeyCacheOptions) {
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const now = options.now ?? Date.now;
  // Keyed by a digest of the secret, so the map never holds a secret itself.
  const entries = new Map<string, Entry>();
  /**
   * Bumped by every invalidation: a resolution that started before one may have read the old rows, so
   * it answers but is not kept.
   */
  let generation = 0;

  const unsubscribe = options.changes.subscribe({
    change: (change) => {
      if (change.kind === 'client' || change.kind === 'apiKey') invalidateClient(change.id);
    },
    reset: clear,
  });

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
      if (actor && options.changes.listening() && started === generation) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        entries.set(key, { actor, clientId: actor.clientId, until: now() + ttlMs });
      }
      return actor;
    },
    invalidateClient,
    clear,
    /** How many resolutions are kept now (tests and metrics). */
    size: () => entries.size,
    /** Stops hearing changes and forgets everything. */
    stop() {
      unsubscribe();
      clear();
    },
  };
}

export type ApiKeyCache = ReturnType<typeof createApiKeyCache>;
