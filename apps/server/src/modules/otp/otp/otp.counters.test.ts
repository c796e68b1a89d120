import type { RealtimeServerMessage } from '@sapa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishInput } from '../../../platform/realtime/realtime.types.js';
import { QUICK_SANDBOX, settleAll } from '../../../test/sandbox-channels.js';
import { listenOnFreePort, openSocket, type TestSocket } from '../../../test/socket-client.js';
import { createTestApp, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';
import { createOtpCounters } from './otp.counters.js';

const CLIENT = '01900000-0000-7000-8000-0000000000c1';

describe('OTP live counters, throttled', () => {
  it('sends one update per interval per client with everything that happened in it', async () => {
    const published: PublishInput[] = [];
    const counters = createOtpCounters({
      realtime: {
        async publish(input) {
          published.push(input);
          return published.length;
        },
      },
      log: console,
      intervalMs: 50,
      clock: () => new Date('2026-11-27T08:30:00Z'),
    });
    for (let n = 0; n < 10; n++)
      counters.observe({ kind: 'request', clientId: CLIENT, of: 'otp', channel: 'sms', outcome: 'sent' });
    counters.observe({ kind: 'request', clientId: CLIENT, of: 'otp', channel: 'sms', outcome: 'refused' });
    counters.observe({ kind: 'request', clientId: CLIENT, of: 'otp', channel: 'voice', outcome: 'fallback' });
    counters.observe({ kind: 'check', clientId: CLIENT, of: 'otp', channel: 'sms', outcome: 'wrong' });
    counters.observe({ kind: 'check', clientId: CLIENT, of: 'verify', channel: 'sms', outcome: 'approved' });
    expect(published).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({
      clientId: CLIENT,
      audience: { all: true },
      payload: {
        typeNotif: 'OTP_COUNTERS',
        data: {
          hour: '2026-11-27T08:00:00Z',
          counters: [
            {
              kind: 'otp',
              requested: 10,
              sent: 11,
              verified: 0,
              failedChecks: 1,
              byChannel: [
                { channel: 'sms', sent: 10, verified: 0 },
                { channel: 'voice', sent: 1, verified: 0 },
              ],
            },
            {
              kind: 'verify',
              requested: 0,
              sent: 0,
              verified: 1,
              byChannel: [{ channel: 'sms', verified: 1 }],
            },
          ],
        },
      },
    });
    // Nothing new, nothing sent; a later change opens the next interval.
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(published).toHaveLength(1);
    counters.observe({ kind: 'check', clientId: CLIENT, of: 'otp', channel: 'sms', outcome: 'approved' });
    await counters.flush();
    expect(published).toHaveLength(2);
  });
});

describe('OTP live counters on the socket', () => {
  let sapa: TestApp;
  let adc: LoggedIn;
  let adc2: LoggedIn;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    sapa = await createTestApp({}, { sandbox: QUICK_SANDBOX });
    [adc, adc2] = await Promise.all([logIn(sapa.app, 'adc@demo.test'), logIn(sapa.app, 'adc2@demo.test')]);
  });
  afterAll(async () => {
    for (const socket of sockets) await socket.close();
    await sapa?.close();
  });

  const countersOf = (messages: RealtimeServerMessage[]) =>
    messages.flatMap((message) =>
      message.type === 'event' && message.typeNotif === 'OTP_COUNTERS'
        ? [message.data as { counters: { kind: string; requested: number; sent: number }[] }]
        : [],
    );

  it("updates the client's own sockets about once a second and tells another client's socket nothing", async () => {
    const url = await listenOnFreePort(sapa.app);
    const mine = await openSocket(url, { token: adc.session.token, lastSeq: null });
    const theirs = await openSocket(url, { token: adc2.session.token, lastSeq: null });
    sockets.push(mine, theirs);
    await Promise.all(
      [mine, theirs].map((socket) => socket.waitFor((m) => m.some((x) => x.type === 'ready'))),
    );

    for (let n = 1; n <= 4; n++) {
      const sent = await sapa.app.inject({
        method: 'POST',
        url: '/api/otp/request',
        headers: adc.headers,
        payload: { destination: `08127000000${n}`, channel: 'sms' },
      });
      expect(sent.statusCode).toBe(200);
    }
    await settleAll(sapa);
    const requested = () =>
      countersOf(mine.messages)
        .flatMap((data) => data.counters)
        .reduce((sum, delta) => sum + delta.requested, 0);
    await mine.waitFor(() => requested() === 4, 5_000);
    // Four sends in well under a second: one update (two if they straddled the interval), not four.
    expect(countersOf(mine.messages).length).toBeLessThanOrEqual(2);
    // Another second: whatever the other client's socket would have got has arrived by now.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(countersOf(theirs.messages)).toEqual([]);
  });
});
