import { expect } from 'vitest';
import { createSandboxEngine, type SendMessageInput, type StatusUpdate } from '../modules/messaging/index.js';
import { createTestApp, logIn, type TestApp } from './test-app.js';

/** Sandbox settings for tests: quick, and nothing fails unless a test sets a client's failure rates. */
export const QUICK_SANDBOX = {
  latencyMs: 2,
  reportDelayMs: 5,
  submitFailureRate: 0,
  deliveryFailureRate: 0,
  seed: 'sandbox-test',
};

/** The app with quick sandboxes, and the two demo clients. */
export async function createSandboxTestApp() {
  const sapa = await createTestApp({}, { sandbox: QUICK_SANDBOX });
  const [adc, adc2] = await Promise.all([
    logIn(sapa.app, 'adc@demo.test'),
    logIn(sapa.app, 'adc2@demo.test'),
  ]);
  return { sapa, adc, adc2, clientId: adc.session.clientId, otherClientId: adc2.session.clientId };
}

/**
 * Sends one message through messaging, waits for the in-process send and every report the sandbox
 * scheduled, and answers the ledger row.
 */
export async function sendAndSettle(sapa: TestApp, clientId: string, input: SendMessageInput) {
  const queued = await sapa.messaging.sendMessage(clientId, input);
  await settleAll(sapa);
  return sapa.messaging.getOutbound(clientId, queued.id);
}

export async function settleAll(sapa: TestApp) {
  await sapa.messaging.settle();
  await sapa.sandbox.settle();
}

/**
 * For a channel built apart from the app's: a quick engine of its own, and a status port that records
 * what the channel reports (and takes it, so nothing is delivered again).
 */
export function isolatedChannelDeps(sapa: TestApp) {
  const updates: StatusUpdate[] = [];
  return {
    updates,
    engine: createSandboxEngine(QUICK_SANDBOX, console),
    deps: {
      db: sapa.database.db,
      statuses: {
        async applyStatus(_executor: unknown, update: StatusUpdate) {
          updates.push(update);
          return true;
        },
      },
    },
  };
}

/** The same key twice through messaging: one ledger row, sent once. */
export async function expectOneRowPerKey(sapa: TestApp, clientId: string, input: SendMessageInput) {
  const first = await sapa.messaging.sendMessage(clientId, input);
  expect((await sapa.messaging.sendMessage(clientId, input)).id).toBe(first.id);
  await settleAll(sapa);
  expect(await sapa.messaging.getOutbound(clientId, first.id)).toMatchObject({ attempts: 1 });
}

/**
 * The client's failure rates at work: every submit refused (the row stays queued with the provider's
 * error), then accepted on the job's retry and failed by the delivery report. Answers both rows.
 */
export async function refusedThenFailed(sapa: TestApp, clientId: string, input: SendMessageInput) {
  sapa.sandbox.setFailureRates(clientId, { submit: 1 });
  const queued = await sapa.messaging.sendMessage(clientId, input);
  await settleAll(sapa);
  const refused = await sapa.messaging.getOutbound(clientId, queued.id);
  expect(refused).toMatchObject({ status: 'queued', attempts: 1, errorCode: 'provider_rejected' });
  sapa.sandbox.setFailureRates(clientId, { submit: 0, delivery: 1 });
  await sapa.messaging.runSendJob({ clientId, outboundId: queued.id });
  await sapa.sandbox.settle();
  sapa.sandbox.setFailureRates(clientId, null);
  const failed = await sapa.messaging.getOutbound(clientId, queued.id);
  expect(failed).toMatchObject({ status: 'failed', attempts: 2 });
  return { refused, failed };
}
