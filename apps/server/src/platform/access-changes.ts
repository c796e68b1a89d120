import type { NotificationListener } from './database.js';

/**
 * The channel a database trigger notifies at commit, whoever wrote, when something a cached caller
 * carries changed (migration `access-change-notify`, decisions 0031 and 0049). Payload: `kind:id`.
 */
export const ACCESS_CHANGES_CHANNEL = 'sapa_access_changes';

/**
 * - `client`: a client's status, features or subscription (by client id);
 * - `apiKey`: a client's API secrets (by client id);
 * - `user`: what a user's session carries (status, role, chat role, agent link, name, e-mail);
 * - `session`: a session revoked, switched to another client or removed.
 */
export type AccessChange = { kind: 'client' | 'apiKey' | 'user' | 'session'; id: string };

const KINDS: ReadonlySet<string> = new Set(['client', 'apiKey', 'user', 'session']);

export function parseAccessChange(payload: string): AccessChange | null {
  const colon = payload.indexOf(':');
  const kind = payload.slice(0, colon);
  const id = payload.slice(colon + 1);
  return colon > 0 && KINDS.has(kind) && id ? { kind: kind as AccessChange['kind'], id } : null;
}

export type AccessChangeSubscriber = {
  /** One change heard. */
  change(change: AccessChange): void;
  /** Anything may have changed unheard (the listening connection was down, or this process wrote): forget all. */
  reset(): void;
};

/**
 * One listener per process for every cache of callers (the API secrets', the sessions'): it hears the
 * trigger's notifications and tells each subscriber. Until it listens, `listening()` is false and
 * subscribers keep nothing, since a change would go unheard.
 */
export function createAccessChanges(listen: NotificationListener) {
  const subscribers = new Set<AccessChangeSubscriber>();
  let listening = false;
  let unlisten: (() => Promise<void>) | null = null;

  const resetAll = () => {
    for (const subscriber of subscribers) subscriber.reset();
  };

  return {
    subscribe(subscriber: AccessChangeSubscriber): () => void {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    listening: () => listening,
    /** Tells every subscriber that anything may have changed: this process just wrote what callers carry. */
    resetAll,
    async start() {
      if (unlisten) return;
      unlisten = await listen(
        ACCESS_CHANGES_CHANNEL,
        (payload) => {
          const change = parseAccessChange(payload);
          if (!change) return;
          for (const subscriber of subscribers) subscriber.change(change);
        },
        // Changes made while the listening connection was down were not heard: forget everything.
        resetAll,
      );
      listening = true;
    },
    async stop() {
      listening = false;
      resetAll();
      const stopListening = unlisten;
      unlisten = null;
      if (stopListening) await stopListening();
    },
  };
}

export type AccessChanges = ReturnType<typeof createAccessChanges>;
