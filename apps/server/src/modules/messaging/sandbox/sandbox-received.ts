import type { ChannelName, OutboundContent } from '../channel.ports.js';

/**
 * What the sandbox providers received, held the way a real provider holds a message: on the provider's
 * side, in this process's memory, for a while (decision 0048). It is not our ledger: the ledger keeps
 * no body of a sensitive message (an OTP's code), while the sandbox phone and outbox still show what
 * the person would have received.
 */
export type ReceivedMessage = {
  clientId: string;
  channel: ChannelName;
  /** The sender's idempotency key: messaging's ledger row id. */
  key: string;
  providerMessageId: string;
  /** As the provider got it: international digits, an address, a chat id. */
  recipient: string;
  content: OutboundContent;
  receivedAt: Date;
};

/** A real provider keeps a message's body for a while; the sandbox keeps a day, and at most this many. */
export const RECEIVED_KEEP_MS = 24 * 60 * 60_000;
export const RECEIVED_MAX = 20_000;

export type SandboxReceived = ReturnType<typeof createSandboxReceived>;

export function createSandboxReceived(options: { keepMs?: number; max?: number; clock?: () => Date } = {}) {
  const keepMs = options.keepMs ?? RECEIVED_KEEP_MS;
  const max = options.max ?? RECEIVED_MAX;
  const clock = options.clock ?? (() => new Date());
  /** Oldest first; one entry per client and provider id. */
  const entries = new Map<string, ReceivedMessage>();

  function forgetOld() {
    const before = clock().getTime() - keepMs;
    for (const [id, entry] of entries) {
      if (entries.size <= max && entry.receivedAt.getTime() >= before) break;
      entries.delete(id);
    }
  }

  return {
    /** The provider accepted a message (once per idempotency key: a repeat records nothing). */
    record(entry: Omit<ReceivedMessage, 'receivedAt'> & { receivedAt?: Date }) {
      const id = `${entry.clientId}:${entry.channel}:${entry.providerMessageId}`;
      if (entries.has(id)) return;
      entries.set(id, { ...entry, receivedAt: entry.receivedAt ?? clock() });
      forgetOld();
    },
    /** One client's messages, newest first, optionally one channel and one recipient (exactly). */
    list(
      clientId: string,
      filter: { channel?: ChannelName | undefined; recipient?: string | undefined },
      page: { limit: number; offset: number },
    ) {
      forgetOld();
      const matching: ReceivedMessage[] = [];
      for (const entry of entries.values()) {
        if (entry.clientId !== clientId) continue;
        if (filter.channel && entry.channel !== filter.channel) continue;
        if (filter.recipient !== undefined && entry.recipient !== filter.recipient) continue;
        matching.push(entry);
      }
      // Keys are ledger row ids (UUIDv7): the order they were queued in, whatever order they arrived.
      matching.sort((a, b) =>
        a.key === b.key ? b.receivedAt.getTime() - a.receivedAt.getTime() : a.key < b.key ? 1 : -1,
      );
      return { rows: matching.slice(page.offset, page.offset + page.limit), total: matching.length };
    },
  };
}
