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
import { createSandboxEngine, type SandboxSettings } from './sandbox-provider.js';

export type SandboxChannels = ReturnType<typeof createSandboxChannels>;

/**
 * SMS, email, Telegram and voice on their sandbox providers, sharing one engine (settings, failure
 * rates per client, pending reports). Their delivery reports reach `statuses` (messaging's
 * `applyStatus`), as a real provider's will.
 */
export function createSandboxChannels(deps: {
  db: Database;
  statuses: StatusPort;
  log: { warn(object: object, message: string): void };
  settings?: Partial<SandboxSettings> | undefined;
}) {
  const engine = createSandboxEngine(deps.settings ?? {}, deps.log);
  const reports = { db: deps.db, statuses: deps.statuses };
  return {
    sms: createSmsChannel({ ...reports, provider: createSmsSandbox(engine) }),
    email: createEmailChannel({ ...reports, provider: createEmailSandbox(engine) }),
    telegram: createTelegramChannel({ ...reports, provider: createTelegramSandbox(engine) }),
    voice: createVoiceChannel({ ...reports, provider: createVoiceSandbox(engine) }),
    settings: engine.settings,
    /** One client's failure rates (submit: refused and retried; delivery: ends failed); null resets. */
    setFailureRates: engine.setFailureRates,
    /** Waits for every delivery report scheduled so far (tests). */
    settle: engine.settle,
    /** Drops reports not yet due (shutdown). */
    stop: engine.stop,
  };
}
