import type { InboundMessage, InboxPort, OutboundResult, StatusUpdate } from '../modules/messaging/index.js';

/** An inbox stand-in that records what the channel hands over, in order. */
export type RecordingInboxPort = InboxPort & {
  inbound: InboundMessage[];
  statuses: StatusUpdate[];
  media: { clientId: string; providerMessageId: string; url: string; mimeType: string | null }[];
  reactions: Parameters<InboxPort['applyReaction']>[1][];
  /** What messaging told the inbox about its sends. */
  outcomes: OutboundResult[];
};

export function createRecordingInboxPort(): RecordingInboxPort {
  const port: RecordingInboxPort = {
    inbound: [],
    statuses: [],
    media: [],
    reactions: [],
    outcomes: [],
    async applyReaction(_executor, input) {
      port.reactions.push(input);
    },
    async receiveInbound(_executor, message) {
      port.inbound.push(message);
    },
    async applyStatus(_executor, update) {
      port.statuses.push(update);
    },
    async mediaStored(_executor, input) {
      port.media.push(input);
    },
    async applyOutboundResult(_executor, result) {
      port.outcomes.push(result);
    },
  };
  return port;
}
