import { InboxEventSchema } from '@sapa/contracts';
import type {
  CustomerWindow,
  InboundMessage,
  MessageChannel,
  OutboundMessage,
} from '../modules/messaging/index.js';
import type { Executor } from '../platform/database.js';
import type { PublishInput, Realtime } from '../platform/realtime/realtime.types.js';

/**
 * Records every published event, in order, as the live socket would number them. Each must be, once on
 * the wire (JSON), one of the events contracts declares: the web reads them with those schemas.
 */
export class RecordingRealtime implements Realtime {
  readonly events: PublishInput[] = [];
  async publish(input: PublishInput, _executor?: Executor): Promise<number> {
    InboxEventSchema.parse(JSON.parse(JSON.stringify(input.payload)));
    this.events.push(input);
    return this.events.length;
  }
  async publishMany(clientId: string, inputs: readonly Omit<PublishInput, 'clientId'>[]): Promise<number[]> {
    return inputs.map((input) => {
      InboxEventSchema.parse(JSON.parse(JSON.stringify(input.payload)));
      this.events.push({ clientId, ...input });
      return this.events.length;
    });
  }
  ofType(typeNotif: string) {
    return this.events.filter((event) => event.payload.typeNotif === typeNotif);
  }
  clear() {
    this.events.length = 0;
  }
}

/**
 * A channel that accepts sends (recording them) with a per-phone 24-hour window, open by default.
 * Messaging sends after the request's commit: `await sapa.messaging.settle()` before reading `sent`.
 */
export class RecordingChannel implements MessageChannel {
  readonly sent: OutboundMessage[] = [];
  readonly closedWindows = new Set<string>();
  failWith: Error | null = null;
  /** While set, a send waits for it: proves the caller does not wait for the provider. */
  gate: Promise<void> | null = null;
  /** Called when a send reaches the gate: the row is claimed and the provider is being called. */
  onGate: (() => void) | null = null;
  private counter = 0;
  async send(message: OutboundMessage) {
    if (this.gate) {
      this.onGate?.();
      await this.gate;
    }
    if (this.failWith) throw this.failWith;
    this.sent.push(message);
    this.counter++;
    return { providerMessageId: `wamid.out.${this.counter}` };
  }
  async customerWindow(_clientId: string, customerPhone: string): Promise<CustomerWindow> {
    const open = !this.closedWindows.has(customerPhone);
    return { open, closesAt: open ? new Date(Date.now() + 3_600_000) : null };
  }
}

let inboundCounter = 0;

/** A customer's text message as the WhatsApp channel hands it to the inbox. */
export function inboundText(
  clientId: string,
  phone: string,
  text: string,
  overrides: Partial<InboundMessage> = {},
): InboundMessage {
  inboundCounter++;
  return {
    clientId,
    channel: 'whatsapp',
    channelId: null,
    providerMessageId: `wamid.in.${Date.now()}.${inboundCounter}`,
    customerPhone: phone,
    customerName: `Customer ${phone.slice(-4)}`,
    type: 'text',
    text,
    media: null,
    location: null,
    replyToProviderMessageId: null,
    sentAt: new Date(),
    ...overrides,
  };
}
