import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  REALTIME_CLOSE,
  REALTIME_PATH,
  RealtimeHelloSchema,
  type RealtimeServerMessage,
} from '@sapa/contracts';
import type { Logger } from 'pino';
import type { WebSocket, WebSocketServer } from 'ws';
import type { Principal, UserActor } from '../actor.js';
import type { Database, DatabaseHandle, Executor } from '../database.js';
import { isTransaction } from '../database.js';
import type { JobDefinition } from '../jobs.js';
import {
  findCurrentSeq,
  findEvent,
  findOldestSeq,
  insertEventsAndNotify,
  listEventsAfter,
  unsafeDeleteEventsBefore,
} from './realtime.repository.js';
import type { PublishInput, Realtime, RealtimeAudience, RealtimePayload } from './realtime.types.js';

export const REALTIME_PRUNE_JOB = 'realtime.prune-events';
const NOTIFY_CHANNEL = 'sapa_realtime';
/** PostgreSQL refuses NOTIFY payloads from 8000 bytes; bigger events are read back from the table. */
const MAX_INLINE_PAYLOAD = 7_000;
const REPLAY_PAGE = 500;

export type RealtimeOptions = {
  database: DatabaseHandle;
  log: Logger;
  /** The signed-in user a bearer token stands for; null when its session is no longer good. */
  resolveActor(token: string): Promise<UserActor | null>;
  /** False once the user's session was logged out, revoked or expired. */
  isSessionLive(actor: UserActor): Promise<boolean>;
  helloTimeoutMs?: number;
  heartbeatMs?: number;
  sessionCheckMs?: number;
  retentionHours?: number;
  /**
   * Told each time a user's count of accepted sockets in this process changes (presence follows it:
   * several tabs are one person, the last one closing is what matters).
   */
  onSocketsChange?(actor: UserActor, sockets: number): void;
};

/** The live socket: `Realtime` for modules, plus what the app needs to run it. */
export type RealtimeServer = Realtime & {
  /** Answers upgrades on `/ws` of this HTTP server. */
  attach(server: Server): void;
  /** Starts listening for events published by any process. */
  start(): Promise<void>;
  close(): Promise<void>;
  /** Deletes events older than the retention; a socket whose gap reaches past them gets `reset`. */
  prune(now?: Date): Promise<number>;
  jobs(): JobDefinition[];
};

type Delivered = { clientId: string; seq: number; audience: RealtimeAudience; payload: RealtimePayload };

type Connection = {
  socket: WebSocket;
  /** Who the socket belongs to, once its hello was accepted. */
  actor: UserActor | null;
  /** Highest sequence this socket has been given or skipped; nothing at or below it is sent again. */
  seenSeq: number;
  replaying: boolean;
  queued: Delivered[];
  alive: boolean;
};

export function audienceMatches(
  audience: RealtimeAudience,
  person: Pick<Principal, 'userId' | 'csId' | 'chatRole'>,
): boolean {
  if ('all' in audience) return audience.all;
  return Boolean(
    audience.userIds?.includes(person.userId) ||
      (person.csId && audience.csIds?.includes(person.csId)) ||
      (person.chatRole && audience.chatRoles?.some((role) => role === person.chatRole)),
  );
}

export function createRealtime(options: RealtimeOptions): RealtimeServer {
  const { database, log } = options;
  const db: Database = database.db;
  const helloTimeoutMs = options.helloTimeoutMs ?? 5_000;
  const heartbeatMs = options.heartbeatMs ?? 30_000;
  const sessionCheckMs = options.sessionCheckMs ?? 15_000;
  const retentionHours = options.retentionHours ?? 24;

  /** `ws` loads with the first connection, not on every start (issue 19 goal 4). */
  let loadingWss: Promise<WebSocketServer> | null = null;
  const loadWss = () => {
    loadingWss ??= import('ws').then(({ WebSocketServer }) => {
      const server = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
      server.on('connection', onConnection);
      return server;
    });
    return loadingWss;
  };
  const byClient = new Map<string, Set<Connection>>();
  const bySocket = new Map<WebSocket, Connection>();
  const timers: NodeJS.Timeout[] = [];
  let unlisten: (() => Promise<void>) | null = null;
  // Notifications are handled one at a time, in the order PostgreSQL delivered them (commit order).
  let pipeline: Promise<void> = Promise.resolve();

  const send = (connection: Connection, message: RealtimeServerMessage) => {
    if (connection.socket.readyState === connection.socket.OPEN)
      connection.socket.send(JSON.stringify(message));
  };

  const deliver = (connection: Connection, event: Delivered) => {
    if (event.seq <= connection.seenSeq || !connection.actor) return;
    connection.seenSeq = event.seq;
    if (!audienceMatches(event.audience, connection.actor)) return;
    send(connection, { type: 'event', seq: event.seq, ...event.payload });
  };

  const onNotification = (raw: string) => {
    pipeline = pipeline
      .then(async () => {
        const note = JSON.parse(raw) as { c: string; s: number; e?: Omit<Delivered, 'clientId' | 'seq'> };
        const connections = byClient.get(note.c);
        if (!connections || connections.size === 0) return;
        let event: Delivered | null = note.e ? { clientId: note.c, seq: note.s, ...note.e } : null;
        if (!event) {
          const row = await findEvent(db, note.c, note.s);
          if (!row) return;
          event = { clientId: row.clientId, seq: row.seq, audience: row.audience, payload: row.payload };
        }
        for (const connection of connections) {
          if (connection.replaying) connection.queued.push(event);
          else deliver(connection, event);
        }
      })
      .catch((error: unknown) => log.error({ err: error }, 'realtime delivery failed'));
  };

  /** After the listener was down: every socket gets what was published meanwhile, in order. */
  const catchUp = () => {
    pipeline = pipeline
      .then(async () => {
        for (const [clientId, connections] of byClient) {
          const live = [...connections].filter((connection) => !connection.replaying);
          if (live.length === 0) continue;
          let after = Math.min(...live.map((connection) => connection.seenSeq));
          for (;;) {
            const page = await listEventsAfter(db, clientId, after, REPLAY_PAGE);
            for (const row of page) {
              const event = { clientId, seq: row.seq, audience: row.audience, payload: row.payload };
              for (const connection of live) deliver(connection, event);
              after = row.seq;
            }
            if (page.length < REPLAY_PAGE) break;
          }
        }
      })
      .catch((error: unknown) => log.error({ err: error }, 'realtime catch-up failed'));
  };

  const tellSockets = (actor: UserActor) => {
    if (!options.onSocketsChange) return;
    let sockets = 0;
    for (const other of byClient.get(actor.clientId) ?? [])
      if (other.actor?.userId === actor.userId) sockets++;
    options.onSocketsChange(actor, sockets);
  };

  const register = (connection: Connection) => {
    const clientId = connection.actor!.clientId;
    let set = byClient.get(clientId);
    if (!set) {
      set = new Set();
      byClient.set(clientId, set);
    }
    set.add(connection);
    tellSockets(connection.actor!);
  };

  const unregister = (connection: Connection) => {
    if (!connection.actor) return;
    const set = byClient.get(connection.actor.clientId);
    const had = set?.delete(connection);
    if (set?.size === 0) byClient.delete(connection.actor.clientId);
    if (had) tellSockets(connection.actor);
  };

  /** Ready, then everything after `lastSeq` in order, then the live events that queued meanwhile. */
  const resume = async (connection: Connection, lastSeq: number | null) => {
    const clientId = connection.actor!.clientId;
    const current = await findCurrentSeq(db, clientId);
    const oldest = await findOldestSeq(db, clientId);
    const gapTooOld =
      lastSeq !== null &&
      (lastSeq > current || (lastSeq < current && (oldest === null || oldest > lastSeq + 1)));
    if (lastSeq === null || gapTooOld) {
      connection.seenSeq = current;
      send(connection, gapTooOld ? { type: 'reset', seq: current } : { type: 'ready', seq: current });
    } else {
      connection.seenSeq = lastSeq;
      send(connection, { type: 'ready', seq: current });
      for (;;) {
        const page = await listEventsAfter(db, clientId, connection.seenSeq, REPLAY_PAGE);
        for (const row of page) {
          deliver(connection, { clientId, seq: row.seq, audience: row.audience, payload: row.payload });
        }
        if (page.length < REPLAY_PAGE) break;
      }
    }
    connection.replaying = false;
    for (const event of connection.queued.splice(0)) deliver(connection, event);
  };

  const onConnection = (socket: WebSocket) => {
    const connection: Connection = {
      socket,
      actor: null,
      seenSeq: 0,
      replaying: true,
      queued: [],
      alive: true,
    };
    bySocket.set(socket, connection);
    const helloTimer = setTimeout(() => {
      if (!connection.actor) socket.close(REALTIME_CLOSE.unauthenticated, 'No hello in time');
    }, helloTimeoutMs);
    socket.on('pong', () => {
      connection.alive = true;
    });
    socket.on('close', () => {
      clearTimeout(helloTimer);
      bySocket.delete(socket);
      unregister(connection);
    });
    socket.on('error', () => undefined);
    socket.once('message', (data) => {
      void (async () => {
        let hello: ReturnType<typeof RealtimeHelloSchema.parse>;
        try {
          hello = RealtimeHelloSchema.parse(JSON.parse(String(data)));
        } catch {
          socket.close(REALTIME_CLOSE.unauthenticated, 'The first frame must be a hello');
          return;
        }
        const actor = await options.resolveActor(hello.token);
        clearTimeout(helloTimer);
        if (!actor) {
          socket.close(REALTIME_CLOSE.unauthenticated, 'Your session has ended');
          return;
        }
        if (socket.readyState !== socket.OPEN) return;
        connection.actor = actor;
        register(connection);
        await resume(connection, hello.lastSeq);
      })().catch((error: unknown) => {
        log.error({ err: error }, 'realtime hello failed');
        socket.close(1011, 'Server error');
      });
    });
  };

  const heartbeat = () => {
    for (const [socket, connection] of bySocket) {
      if (!connection.alive) {
        socket.terminate();
        continue;
      }
      connection.alive = false;
      socket.ping();
    }
  };

  const checkSessions = async () => {
    const checked = new Map<string, boolean>();
    for (const set of [...byClient.values()]) {
      for (const connection of [...set]) {
        const actor = connection.actor!;
        let live = checked.get(actor.sessionId);
        if (live === undefined) {
          live = await options.isSessionLive(actor);
          checked.set(actor.sessionId, live);
        }
        if (!live) connection.socket.close(REALTIME_CLOSE.sessionEnded, 'Your session has ended');
      }
    }
  };

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== REALTIME_PATH) {
      socket.destroy();
      return;
    }
    loadWss().then(
      (server) => server.handleUpgrade(request, socket, head, (ws) => server.emit('connection', ws, request)),
      (error: unknown) => {
        log.error({ err: error }, 'realtime server failed to load');
        socket.destroy();
      },
    );
  };

  const publishIn = (
    tx: Executor,
    clientId: string,
    inputs: readonly Omit<PublishInput, 'clientId'>[],
    commit = false,
  ) => insertEventsAndNotify(tx, NOTIFY_CHANNEL, clientId, inputs, MAX_INLINE_PAYLOAD, commit);

  const publishMany: Realtime['publishMany'] = async (clientId, inputs, executor, options) => {
    if (inputs.length === 0) return [];
    if (executor && isTransaction(executor)) return publishIn(executor, clientId, inputs, options?.commit);
    return db.transaction((tx) => publishIn(tx, clientId, inputs));
  };

  const prune = async (now = new Date()) =>
    unsafeDeleteEventsBefore(db, new Date(now.getTime() - retentionHours * 3_600_000));

  return {
    async publish(input, executor) {
      const [seq] = await publishMany(input.clientId, [input], executor);
      return seq!;
    },
    publishMany,
    statementTarget: { channel: NOTIFY_CHANNEL, maxInlineBytes: MAX_INLINE_PAYLOAD },
    attach(server) {
      server.on('upgrade', onUpgrade);
    },
    async start() {
      unlisten = await database.listen(NOTIFY_CHANNEL, onNotification, catchUp);
      timers.push(setInterval(heartbeat, heartbeatMs));
      timers.push(
        setInterval(() => {
          checkSessions().catch((error: unknown) =>
            log.error({ err: error }, 'realtime session check failed'),
          );
        }, sessionCheckMs),
      );
      for (const timer of timers) timer.unref();
    },
    async close() {
      for (const timer of timers.splice(0)) clearInterval(timer);
      const server = await loadingWss?.catch(() => null);
      if (server) {
        for (const socket of server.clients) socket.close(1001, 'Server is stopping');
        await new Promise<void>((resolve) => server.close(() => resolve()));
        for (const socket of server.clients) socket.terminate();
      }
      await pipeline;
      if (unlisten) await unlisten();
      unlisten = null;
    },
    prune,
    jobs() {
      return [
        {
          name: REALTIME_PRUNE_JOB,
          cron: '*/15 * * * *',
          // Deleting what is already gone is a no-op: safe to run twice.
          handler: async () => {
            await prune();
          },
        },
      ];
    },
  };
}
