import {
  accountOperations,
  agentsOperations,
  approvalsOperations,
  clientsOperations,
  identityOperations,
  ssoOperations,
  subscriptionOperations,
  userStatusOperations,
  usersOperations,
} from '@sapa/contracts';
import type { AccessChange, AccessChanges } from '../../platform/access-changes.js';
import type { Database } from '../../platform/database.js';
import type { SessionContext } from '../../platform/request-context.js';
import type { Keys } from '../../platform/secrets.js';
import { type ClientRow, getClient } from '../clients/index.js';
import { verifySession } from './identity.service.js';

/** At most this long (ms) a kept session answers without the database: the backstop if a change goes unheard. */
const DEFAULT_TTL_MS = 1_000;
const DEFAULT_MAX_ENTRIES = 10_000;

/**
 * The portal's own writes to what a session or an API secret carries (`METHOD path`): users, their
 * status and passwords, sessions (logout, client switch, refresh), clients, subscriptions, the
 * approvals that apply user changes and the agent profiles written to users. The process that serves one forgets every kept caller before its
 * answer leaves, so the writer's next request is judged afresh: on PostgreSQL the trigger's NOTIFY
 * reaches this process a few milliseconds after the commit, maybe after the next request. Logins only
 * add a session, which nothing kept can contradict.
 */
const ACCESS_CHANGING_ROUTES: ReadonlySet<string> = new Set(
  [
    ...Object.values(identityOperations).filter(
      (operation) => operation !== identityOperations.login && operation !== identityOperations.loginWithCode,
    ),
    ...Object.values(accountOperations),
    ...Object.values(ssoOperations),
    ...Object.values(userStatusOperations),
    ...Object.values(usersOperations),
    ...Object.values(approvalsOperations),
    ...Object.values(clientsOperations),
    ...Object.values(subscriptionOperations),
    // An agent's profile is written to their user (name, agent link, chat role).
    agentsOperations.postAgent,
    agentsOperations.deleteAgent,
    agentsOperations.importAgents,
  ]
    .filter((operation) => operation.method !== 'GET')
    .map((operation) => `${operation.method} ${operation.path}`),
);

/** Whether a request to this route may have changed what a kept session or API secret carries. */
export function changesAccess(method: string, route: string | undefined): boolean {
  return route !== undefined && ACCESS_CHANGING_ROUTES.has(`${method} ${route}`);
}

type Entry = { session: SessionContext; until: number };
type ClientEntry = { client: ClientRow; until: number };

export type SessionCacheOptions = {
  db: Database;
  keys: Keys;
  changes: AccessChanges;
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
};

/**
 * Verified sessions kept for at most a second (decision 0049), so a hot authenticated request makes no
 * database query and verifies no signature: keyed by the bearer token itself (decision 0066), each entry holds the
 * caller's context and lasts until the TTL, the token's expiry or the session's, whichever is first.
 * Every change to what an entry carries is heard through the trigger's NOTIFY (`AccessChanges`): a
 * revoked or switched session, a user's status, role or profile, a client's status, features or
 * subscription; the entries concerned are dropped at once. The active client's row (for `/me`) is kept
 * alike. While changes are not heard, nothing is kept.
 */
export function createSessionCache(options: SessionCacheOptions) {
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const now = options.now ?? Date.now;
  const { changes } = options;
  const entries = new Map<string, Entry>();
  const clients = new Map<string, ClientEntry>();
  /** Bumped by every change: a lookup that started before one may have read old rows, so it is not kept. */
  let generation = 0;

  function forget(change: AccessChange) {
    generation++;
    if (change.kind === 'apiKey') return;
    if (change.kind === 'client') clients.delete(change.id);
    for (const [key, { session }] of entries) {
      const concerned =
        change.kind === 'session'
          ? session.sessionId === change.id
          : change.kind === 'user'
            ? session.userId === change.id
            : session.clientId === change.id || session.homeClientId === change.id;
      if (concerned) entries.delete(key);
    }
  }

  function clear() {
    generation++;
    entries.clear();
    clients.clear();
  }

  const unsubscribe = changes.subscribe({ change: forget, reset: clear });

  /**
   * Lookups under way, by token: concurrent requests of one session share one signature check and one
   * query (decision 0066). A request joins only a lookup that started after the last change it could
   * have missed (same generation), so nothing read before a revocation answers a request made after it.
   */
  const pending = new Map<string, { generation: number; lookup: Promise<SessionContext | null> }>();

  function keep<V>(map: Map<string, V>, key: string, value: V) {
    if (map.size >= maxEntries) map.delete(map.keys().next().value!);
    map.set(key, value);
  }

  async function lookUp(bearer: string): Promise<SessionContext | null> {
    const started = generation;
    try {
      const verified = await verifySession(options, bearer);
      if (verified && changes.listening() && started === generation) {
        keep(entries, bearer, {
          session: verified.session,
          until: Math.min(now() + ttlMs, verified.expiresAt),
        });
      }
      return verified?.session ?? null;
    } finally {
      if (pending.get(bearer)?.generation === started) pending.delete(bearer);
    }
  }

  return {
    /**
     * The caller's context behind a bearer token; null when the token or its session is no longer good.
     * Kept by the exact token string (decision 0066; was its SHA-256, one digest per request): a hit is
     * one map read, no digest, no signature, no query.
     */
    resolve(bearer: string): Promise<SessionContext | null> | SessionContext {
      const found = entries.get(bearer);
      if (found) {
        if (found.until > now()) return found.session;
        entries.delete(bearer);
      }
      const running = pending.get(bearer);
      if (running && running.generation === generation) return running.lookup;
      const lookup = lookUp(bearer);
      pending.set(bearer, { generation, lookup });
      return lookup;
    },
    /** A client's row as `getClient` reads it, kept like the sessions (the active client of `/me`). */
    async getClient(db: Database, clientId: string): Promise<ClientRow> {
      const found = clients.get(clientId);
      if (found && found.until > now()) return found.client;
      const started = generation;
      const client = await getClient(db, clientId);
      if (changes.listening() && started === generation) {
        keep(clients, clientId, { client, until: now() + ttlMs });
      }
      return client;
    },
    forget,
    clear,
    /** How many sessions are kept now (tests). */
    size: () => entries.size,
    /** Stops hearing changes and forgets everything. */
    stop() {
      unsubscribe();
      clear();
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
