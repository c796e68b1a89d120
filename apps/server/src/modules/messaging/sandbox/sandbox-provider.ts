import { createHash, createHmac } from 'node:crypto';
import type { ChannelName, OutboundContent } from '../channel.ports.js';
import { createSandboxReceived, type SandboxReceived } from './sandbox-received.js';

/**
 * The embedded providers of SMS, email, Telegram and voice (decision 0024, "Sandbox channels"). Each
 * channel's sandbox speaks its provider's shapes; this engine gives them what real providers share:
 * latency, idempotency keys, transient refusals, and delivery reports that arrive later.
 */
export type SandboxSettings = {
  /** How long a send takes, on average (each one between half and one and a half times it). */
  latencyMs: number;
  /** The first delivery report comes about this long after the send; later ones at multiples of it. */
  reportDelayMs: number;
  /** Of every client, unless set per client: how many sends are refused for a while (retried). */
  submitFailureRate: number;
  /** Of every client, unless set per client: how many accepted messages end failed. */
  deliveryFailureRate: number;
  /** Makes every roll repeatable: the same seed and message give the same outcome. */
  seed: string;
};

export const DEFAULT_SANDBOX_SETTINGS: SandboxSettings = {
  latencyMs: 15,
  reportDelayMs: 2_000,
  submitFailureRate: 0.02,
  deliveryFailureRate: 0.02,
  seed: 'sapa-sandbox',
};

export type FailureRates = { submit: number; delivery: number };

/** A report the provider sends back later, and when. */
export type ScheduledReport<TReport> = { afterMs: number; report: TReport };

type Log = { warn(object: object, message: string): void };

/** A report its receiver did not take is delivered again, this many times, at doubling delays. */
const REPORT_RETRIES = 6;
/** Reports due within the same this many milliseconds share one timer. */
const REPORT_SLOT_MS = 10;
/** The first retry waits at least this long, however quick the reports. */
const MIN_RETRY_MS = 100;

/** Accepted keys kept per channel; the oldest are forgotten past this (a real provider keeps 24 hours). */
const MAX_REMEMBERED_KEYS = 100_000;

export type SandboxEngine = ReturnType<typeof createSandboxEngine>;

export function createSandboxEngine(
  overrides: Partial<SandboxSettings>,
  log: Log,
  received: SandboxReceived = createSandboxReceived(),
) {
  const settings: SandboxSettings = { ...DEFAULT_SANDBOX_SETTINGS, ...overrides };
  const rates = new Map<string, FailureRates>();
  const running = new Set<Promise<void>>();
  let stopped = false;
  /**
   * Timers shared by everything due in the same slot (decision 0070): a send's latency (1 ms slots) and
   * a report's delay (10 ms slots) no longer cost a timer each, as a real provider batches its work.
   */
  const slots = new Map<number, { timer: NodeJS.Timeout; works: (() => void)[] }>();
  /** Reports scheduled and not yet run (their slot's timer has not fired). */
  let waitingReports = 0;
  function inSlot(afterMs: number, slotMs: number, work: () => void, unref: boolean) {
    const now = Date.now();
    const due = Math.ceil((now + Math.max(0, afterMs)) / slotMs) * slotMs;
    // Reports and latencies never share a slot: one kind's timer is unref'd, the other's is not.
    const key = unref ? -due : due;
    let slot = slots.get(key);
    if (!slot) {
      const works: (() => void)[] = [];
      const timer = setTimeout(() => {
        slots.delete(key);
        for (const run of works) run();
      }, due - now);
      if (unref) timer.unref();
      slot = { timer, works };
      slots.set(key, slot);
    }
    slot.works.push(work);
  }

  /** A number in [0, 1) that depends only on the seed and the parts. */
  function roll(...parts: (string | number)[]) {
    const digest = createHmac('sha256', settings.seed).update(parts.join('\u0000')).digest();
    return digest.readUInt32BE(0) / 0x1_0000_0000;
  }

  /**
   * Runs `work` after `afterMs` in this process. A failure is tried again at doubling delays (as a
   * provider retries a report its receiver refused), then logged; a crash loses it (a sandbox may).
   */
  function schedule(afterMs: number, work: () => Promise<void>, retriesLeft = REPORT_RETRIES) {
    if (stopped) return;
    waitingReports += 1;
    inSlot(
      afterMs,
      // A sandbox with quick reports (tests) keeps them to the millisecond.
      Math.max(1, Math.min(REPORT_SLOT_MS, Math.floor(settings.reportDelayMs / 20))),
      () => {
        waitingReports -= 1;
        if (stopped) return;
        const run: Promise<void> = work()
          .catch((error: unknown) => {
            const retryMs =
              Math.max(MIN_RETRY_MS, settings.reportDelayMs) * 2 ** (REPORT_RETRIES - retriesLeft);
            if (retriesLeft > 0) schedule(retryMs, work, retriesLeft - 1);
            else log.warn({ err: error }, 'a sandbox delivery report was not applied');
          })
          .finally(() => running.delete(run));
        running.add(run);
      },
      true,
    );
  }

  const failureRates = (clientId: string): FailureRates =>
    rates.get(clientId) ?? { submit: settings.submitFailureRate, delivery: settings.deliveryFailureRate };

  return {
    settings,
    /** What the sandboxes received (the provider's side of each message, not our ledger). */
    received,
    roll,
    failureRates,
    /** One client's failure rates (0 to 1 each); null goes back to the defaults. */
    setFailureRates(clientId: string, value: Partial<FailureRates> | null) {
      if (value) rates.set(clientId, { ...failureRates(clientId), ...value });
      else rates.delete(clientId);
    },
    async latency(...parts: (string | number)[]) {
      const ms = settings.latencyMs * (0.5 + roll('latency', ...parts));
      if (ms > 0) await new Promise<void>((resolve) => inSlot(ms, 1, resolve, false));
    },
    schedule,
    /** Waits until every report scheduled so far has been applied (tests). */
    async settle() {
      while (waitingReports > 0 || running.size > 0) {
        if (running.size > 0) await Promise.allSettled([...running]);
        else await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    /** Drops the reports not yet due (shutdown): nothing runs against a closed database. */
    async stop() {
      stopped = true;
      // Latencies still run out (a send under way answers); reports not yet due are dropped.
      for (const [key, slot] of slots)
        if (key < 0) {
          clearTimeout(slot.timer);
          slots.delete(key);
        }
      waitingReports = 0;
      await Promise.allSettled([...running]);
    },
  };
}

/** A refusal a provider answers at once; `retryable` when trying later may work (throttled, busy). */
export type SubmitRefusal = () => Error;

/**
 * One channel's provider: accepts a send once per idempotency key (the same key answers the same
 * provider id and sends nothing more), refuses some sends for a while, and schedules its reports,
 * handed to the handler the channel registered with `onReport` (as a real provider's reports reach
 * the channel's receiver).
 */
export function createSandboxProvider<TReport>(engine: SandboxEngine, channel: ChannelName) {
  const accepted = new Map<string, string>();
  const attempts = new Map<string, number>();
  let handler: ((report: TReport) => Promise<void>) | null = null;

  return {
    onReport(receive: (report: TReport) => Promise<void>) {
      handler = receive;
    },
    async accept(input: {
      clientId: string;
      idempotencyKey: string;
      /** The provider's id for a new message, from a digest of the key: the same key, the same id. */
      newId(digest: string): string;
      refusal: SubmitRefusal;
      /** What the provider got, kept on its side (the sandbox outbox reads it). */
      received: { recipient: string; content: OutboundContent };
      /** The reports to send for a new message; `fails` is the delivery roll's verdict. */
      reports(
        providerMessageId: string,
        fails: boolean,
        roll: (salt: string) => number,
      ): ScheduledReport<TReport>[];
    }): Promise<string> {
      const key = `${input.clientId}:${input.idempotencyKey}`;
      await engine.latency(channel, key);
      const known = accepted.get(key);
      if (known) return known;
      const attempt = (attempts.get(key) ?? 0) + 1;
      const rates = engine.failureRates(input.clientId);
      // A rate of 0 needs no roll (each roll is an HMAC): the outcome is the same, never refused.
      if (rates.submit > 0 && engine.roll(channel, key, 'submit', attempt) < rates.submit) {
        attempts.set(key, attempt);
        throw input.refusal();
      }
      attempts.delete(key);
      const digest = createHash('sha256').update(`${channel}\u0000${key}`).digest('hex');
      const providerMessageId = input.newId(digest);
      accepted.set(key, providerMessageId);
      engine.received.record({
        clientId: input.clientId,
        channel,
        key: input.idempotencyKey,
        providerMessageId,
        ...input.received,
      });
      if (accepted.size > MAX_REMEMBERED_KEYS) accepted.delete(accepted.keys().next().value!);
      const fails = rates.delivery > 0 && engine.roll(channel, key, 'delivery') < rates.delivery;
      const reports = input.reports(providerMessageId, fails, (salt) => engine.roll(channel, key, salt));
      for (const { afterMs, report } of reports) {
        engine.schedule(afterMs, async () => {
          if (handler) await handler(report);
        });
      }
      return providerMessageId;
    },
  };
}
