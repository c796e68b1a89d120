import type { OtpChannel, OtpCountersDelta, OtpKind } from '@sapa/contracts';
import type { Realtime } from '../../../platform/realtime/realtime.types.js';
import type { OtpEvent } from './otp.service.js';

type Pending = { hour: string; counters: Map<OtpKind, OtpCountersDelta> };

/** The hour's text, worked out once per hour (every send and check asks for it, decision 0080). */
let lastHour = { start: Number.NaN, text: '' };
const hourOf = (now: Date) => {
  const start = Math.floor(now.getTime() / 3_600_000) * 3_600_000;
  if (start !== lastHour.start)
    lastHour = { start, text: `${new Date(start).toISOString().slice(0, 13)}:00:00Z` };
  return lastHour.text;
};

/**
 * The OTP dashboard's live counters: each send and check is added to its client's pending changes,
 * which go out on the socket at most once per `intervalMs` per client (the first change starts the
 * wait), to every socket of that client and no other. Refusals change no figure the dashboard shows.
 */
export function createOtpCounters(deps: {
  realtime: Pick<Realtime, 'publish'>;
  log: { warn(object: object, message: string): void };
  intervalMs?: number;
  clock?: () => Date;
}) {
  const intervalMs = deps.intervalMs ?? 1_000;
  const clock = deps.clock ?? (() => new Date());
  const pending = new Map<string, Pending>();
  const timers = new Map<string, NodeJS.Timeout>();
  const publishing = new Set<Promise<unknown>>();

  function deltaOf(clientId: string, kind: OtpKind) {
    const hour = hourOf(clock());
    let changes = pending.get(clientId);
    // A new hour starts a new update, so the dashboard adds it to the right bar.
    if (changes && changes.hour !== hour) {
      flush(clientId);
      changes = undefined;
    }
    if (!changes) {
      changes = { hour, counters: new Map() };
      pending.set(clientId, changes);
    }
    let delta = changes.counters.get(kind);
    if (!delta) {
      delta = { kind, requested: 0, sent: 0, verified: 0, failedChecks: 0, byChannel: [] };
      changes.counters.set(kind, delta);
    }
    if (!timers.has(clientId)) {
      const timer = setTimeout(() => flush(clientId), intervalMs);
      timer.unref();
      timers.set(clientId, timer);
    }
    return delta;
  }

  const channelOf = (delta: OtpCountersDelta, channel: OtpChannel) => {
    let row = delta.byChannel.find((entry) => entry.channel === channel);
    if (!row) {
      row = { channel, sent: 0, verified: 0 };
      delta.byChannel.push(row);
    }
    return row;
  };

  function flush(clientId: string) {
    clearTimeout(timers.get(clientId));
    timers.delete(clientId);
    const changes = pending.get(clientId);
    pending.delete(clientId);
    if (!changes || changes.counters.size === 0) return;
    const published = deps.realtime
      .publish({
        clientId,
        audience: { all: true },
        payload: {
          typeNotif: 'OTP_COUNTERS',
          messageId: null,
          data: { hour: changes.hour, counters: [...changes.counters.values()] },
          chat: null,
          chatroom: null,
        },
      })
      .catch((error: unknown) => deps.log.warn({ err: error, clientId }, 'OTP counters were not published'));
    publishing.add(published);
    void published.finally(() => publishing.delete(published));
  }

  return {
    observe(event: OtpEvent) {
      if (event.kind === 'request') {
        if (event.outcome === 'refused') return;
        const delta = deltaOf(event.clientId, event.of);
        if (event.outcome === 'sent') delta.requested++;
        delta.sent++;
        channelOf(delta, event.channel).sent++;
        return;
      }
      if (event.outcome === 'approved') {
        const delta = deltaOf(event.clientId, event.of);
        delta.verified++;
        if (event.channel) channelOf(delta, event.channel).verified++;
      } else if (event.outcome === 'wrong') {
        deltaOf(event.clientId, event.of).failedChecks++;
      }
    },
    /** Publishes every pending change now and waits for it (tests, shutdown). */
    async flush() {
      for (const clientId of [...pending.keys()]) flush(clientId);
      await Promise.allSettled([...publishing]);
    },
  };
}

export type OtpCounters = ReturnType<typeof createOtpCounters>;
