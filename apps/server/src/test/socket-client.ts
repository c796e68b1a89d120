import type { AddressInfo } from 'node:net';
import { REALTIME_PATH, type RealtimeServerMessage } from '@sapa/contracts';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';

/** A live-socket client for tests: records every frame and the close code. */
export type TestSocket = {
  messages: RealtimeServerMessage[];
  closed: Promise<{ code: number; reason: string }>;
  send(frame: unknown): void;
  /** Resolves once `predicate` holds for the frames received so far. */
  waitFor(predicate: (messages: RealtimeServerMessage[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
};

export async function listenOnFreePort(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}${REALTIME_PATH}`;
}

export async function openSocket(
  url: string,
  hello?: { token: string; lastSeq: number | null },
  options: { autoPong?: boolean } = {},
): Promise<TestSocket> {
  // autoPong false plays a client whose network died: pings go unanswered.
  const socket = new WebSocket(url, options);
  const messages: RealtimeServerMessage[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    messages.push(JSON.parse(String(data)) as RealtimeServerMessage);
    for (const wake of waiters) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason) }));
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  if (hello) socket.send(JSON.stringify({ type: 'hello', ...hello }));
  return {
    messages,
    closed,
    send(frame) {
      socket.send(JSON.stringify(frame));
    },
    waitFor(predicate, timeoutMs = 5_000) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!predicate(messages)) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`Timed out; frames so far: ${JSON.stringify(messages)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async close() {
      if (socket.readyState === WebSocket.CLOSED) return;
      socket.close();
      await closed;
    },
  };
}

export const eventSeqs = (messages: RealtimeServerMessage[]) =>
  messages.flatMap((message) => (message.type === 'event' ? [message.seq] : []));
