import type { Database } from '../../../platform/database.js';
import type { StatusPort } from '../channels/channel-kit.js';
import { createEmailChannel } from '../channels/email/email.channel.js';
import { createEmailSandbox } from '../channels/email/email.sandbox.js';
import { createSmsChannel } from '../channels/sms/sms.channel.js';
import { createSmsSandbox } from '../channels/sms/sms.sandbox.js';
import { createTelegramChannel } from '../channels/telegram/telegram.channel.js';
import { createTelegramSandbox } from '../channels/telegram/telegram.sandbox.js';
import { createVoiceChannel } from '../channels/voice/voice.channel.js';
import { createVoiceSandbox } from '../channels/voice/voice.sandbox.js';
import {
  type ProviderRouting,
  routedEmailProvider,
  routedSmsProvider,
  routedTelegramProvider,
  routedVoiceProvider,
} from '../providers/provider-routing.js';
import { PROVIDER_TYPES } from '../providers/provider-type-registry.js';
import { createSandboxEngine, type SandboxSettings } from './sandbox-provider.js';
import type { SandboxReceived } from './sandbox-received.js';

export type SandboxChannels = ReturnType<typeof createSandboxChannels>;

/**
 * SMS, email, Telegram and voice, each through its per-client router: a client's default configured
 * provider of the channel (issue 16), else the sandbox. The sandboxes share one engine (settings,
 * failure rates per client, pending reports). Every provider's delivery reports reach `statuses`
 * (messaging's `applyStatus`) through the channel's one receive path.
 */
export function createSandboxChannels(deps: {
  db: Database;
  statuses: StatusPort;
  log: { warn(object: object, message: string): void };
  settings?: Partial<SandboxSettings> | undefined;
  /** Left out: the bare sandboxes, whatever a client configured. */
  routing?: ProviderRouting;
  /** How long the recording at a link plays (the voice sandbox fetches recordings by their link). */
  recordingSeconds?: (url: string) => Promise<number | null>;
  /** What the sandboxes received (shared with WhatsApp's sandbox); left out: a store of their own. */
  received?: SandboxReceived;
}) {
  const engine = createSandboxEngine(deps.settings ?? {}, deps.log, deps.received);
  const reports = { db: deps.db, statuses: deps.statuses };
  const routing = deps.routing;
  const sms = createSmsSandbox(engine);
  const email = createEmailSandbox(engine);
  const telegram = createTelegramSandbox(engine);
  const voice = createVoiceSandbox(
    engine,
    deps.recordingSeconds ? { recordingSeconds: deps.recordingSeconds } : {},
  );
  return {
    sms: createSmsChannel({
      ...reports,
      provider: routing ? routedSmsProvider(routing.router('sms', sms, PROVIDER_TYPES.sms)) : sms,
    }),
    email: createEmailChannel({
      ...reports,
      provider: routing ? routedEmailProvider(routing.router('email', email, PROVIDER_TYPES.email)) : email,
    }),
    telegram: createTelegramChannel({
      ...reports,
      provider: routing
        ? routedTelegramProvider(routing.router('telegram', telegram, PROVIDER_TYPES.telegram))
        : telegram,
    }),
    voice: createVoiceChannel({
      ...reports,
      provider: routing ? routedVoiceProvider(routing.router('voice', voice, PROVIDER_TYPES.voice)) : voice,
    }),
    settings: engine.settings,
    /** What the sandbox providers received: the outbox and the tests read it, never the ledger. */
    received: engine.received,
    /** One client's failure rates (submit: refused and retried; delivery: ends failed); null resets. */
    setFailureRates: engine.setFailureRates,
    /** Waits for every delivery report scheduled so far (tests). */
    settle: engine.settle,
    /** Drops reports not yet due and closes live providers' connections (shutdown). */
    async stop() {
      await engine.stop();
      await routing?.close();
    },
  };
}
