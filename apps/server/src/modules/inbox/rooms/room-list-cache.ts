import type { NotificationListener } from '../../../platform/database.js';

/**
 * The channel a database trigger notifies at commit, whoever wrote, when a client's live rooms changed
 * (migration `0042_rooms`, decision 0064). Payload: the client id, or `*` for every client.
 */
export const ROOM_CHANGES_CHANNEL = 'sapa_room_changes';

/** How long a kept page may be served at most, even if a change went unheard (belt and braces). */
const MAX_AGE_MS = 1_000;
/** Beyond this many kept pages (every client's, every agent's) the cache starts again empty. */
const MAX_ENTRIES = 10_000;

/** Every started cache of this process (tests run two apps in one process: each has its own). */
const localCaches = new Set<(clientId: string) => void>();

/**
 * This process just wrote a room of the client: its caches forget that client's pages at once, so the
 * next list here reads the write (the trigger's notification, at commit, tells every process later).
 * Called by the repositories that write `cs_rooms`, after the statement.
 */
export function noteRoomWrite(clientId: string): void {
  for (const forget of localCaches) forget(clientId);
}

type Entry<T> = { value: T; at: number };

type ClientPages<T> = {
  /** Moves on at every change heard: a page read before it must not be kept. */
  generation: number;
  pages: Map<string, Entry<T>>;
};

/**
 * Keeps the inbox's first page of live rooms, per client and per view (decision 0064). Every write to
 * a live room, from any process, reaches every process through the trigger's notification and drops
 * that client's pages; this process's own writes drop them before their answer leaves
 * (`forgetClient`). A page read while a change was heard is not kept (the generation moved on), and
 * nothing is kept while the notifications are not heard (before `start`, after `stop`).
 */
export function createRoomListCache<T extends object>(
  listen: NotificationListener,
  options: { maxAgeMs?: number; now?: () => number } = {},
) {
  const maxAgeMs = options.maxAgeMs ?? MAX_AGE_MS;
  const now = options.now ?? Date.now;
  const clients = new Map<string, ClientPages<T>>();
  const kept = new WeakSet<T>();
  let entries = 0;
  let listening = false;
  let unlisten: (() => Promise<void>) | null = null;

  const clientOf = (clientId: string) => {
    let client = clients.get(clientId);
    if (!client) {
      client = { generation: 0, pages: new Map() };
      clients.set(clientId, client);
    }
    return client;
  };

  const forgetClient = (clientId: string) => {
    const client = clients.get(clientId);
    if (!client) return;
    client.generation++;
    entries -= client.pages.size;
    client.pages.clear();
  };

  const forgetAll = () => {
    for (const clientId of clients.keys()) forgetClient(clientId);
  };

  return {
    /** A kept page, if one is fresh. */
    get(clientId: string, key: string): T | undefined {
      if (!listening) return undefined;
      const entry = clients.get(clientId)?.pages.get(key);
      if (!entry) return undefined;
      if (now() - entry.at > maxAgeMs) return undefined;
      return entry.value;
    },
    /** Taken before reading a page: `put` keeps it only if nothing changed since. */
    generation(clientId: string): number {
      return clientOf(clientId).generation;
    },
    put(clientId: string, key: string, generation: number, value: T): void {
      if (!listening) return;
      const client = clientOf(clientId);
      if (client.generation !== generation) return;
      if (entries >= MAX_ENTRIES) forgetAll();
      if (!client.pages.has(key)) entries++;
      client.pages.set(key, { value, at: now() });
      kept.add(value);
    },
    /** Whether this value is a kept page (so its serialized form may be kept with it). */
    isKept(value: object): boolean {
      return kept.has(value as T);
    },
    /** This process changed the client's rooms: its pages go before the writer's answer leaves. */
    forgetClient,
    forgetAll,
    listening: () => listening,
    async start() {
      if (unlisten) return;
      unlisten = await listen(
        ROOM_CHANGES_CHANNEL,
        (payload) => (payload === '*' ? forgetAll() : forgetClient(payload)),
        // Changes made while the listening connection was down were not heard.
        forgetAll,
      );
      localCaches.add(forgetClient);
      listening = true;
    },
    async stop() {
      listening = false;
      localCaches.delete(forgetClient);
      forgetAll();
      const stopListening = unlisten;
      unlisten = null;
      if (stopListening) await stopListening();
    },
  };
}

export type RoomListCache<T extends object = object> = ReturnType<typeof createRoomListCache<T>>;
