import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboundText, RecordingChannel, RecordingRealtime } from '../../../test/inbox-fakes.js';
import { createTestApp, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';
import { createInboxPort } from '../index.js';

/** GET /chatRoom?sortBy=lastMessage: the room with the latest message first, paged by its own key. */
describe('rooms sorted by their latest message', () => {
  let sapa: TestApp;
  let adc: LoggedIn;
  let adc2: LoggedIn;
  const phones = ['6281299990001', '6281299990002', '6281299990003'];
  const list = async (query: string, by: LoggedIn = adc) => {
    const answer = await sapa.app.inject({
      method: 'GET',
      url: `/api/cs/chatRoom?${query}`,
      headers: by.headers,
    });
    expect(answer.statusCode).toBe(200);
    return answer.json() as { items: { customerPhoneNumber: string }[]; lastEvaluatedKey: string | null };
  };
  const phonesOf = (page: { items: { customerPhoneNumber: string }[] }) =>
    page.items.map((room) => room.customerPhoneNumber);

  beforeAll(async () => {
    sapa = await createTestApp(
      {},
      { realtime: new RecordingRealtime(), channels: { whatsapp: new RecordingChannel() } },
    );
    [adc, adc2] = await Promise.all([logIn(sapa.app, 'adc@demo.test'), logIn(sapa.app, 'adc2@demo.test')]);
    const port = createInboxPort({});
    const start = Date.now() - 60 * 60_000;
    // Rooms start in order 1, 2, 3; then the first customer writes again, last of all.
    for (const [index, phone] of phones.entries())
      await port.receiveInbound(
        sapa.database.db,
        inboundText(adc.session.clientId, phone, 'Halo', { sentAt: new Date(start + index * 60_000) }),
      );
    await port.receiveInbound(
      sapa.database.db,
      inboundText(adc.session.clientId, phones[0]!, 'Masih menunggu', {
        sentAt: new Date(start + 10 * 60_000),
      }),
    );
  });
  afterAll(async () => sapa?.close());

  it('keeps the room order by start unless asked otherwise', async () => {
    expect(phonesOf(await list('status=all&pageSize=10'))).toEqual([phones[2], phones[1], phones[0]]);
  });

  it('puts the room with the newest message on top and pages on by the same key', async () => {
    const first = await list('status=all&sortBy=lastMessage&pageSize=2');
    expect(phonesOf(first)).toEqual([phones[0], phones[2]]);
    expect(first.lastEvaluatedKey).not.toBeNull();
    const second = await list(
      `status=all&sortBy=lastMessage&pageSize=2&lastEvaluatedKey=${encodeURIComponent(first.lastEvaluatedKey!)}`,
    );
    expect(phonesOf(second)).toEqual([phones[1]]);
    expect(second.lastEvaluatedKey).toBeNull();
    const oldestActivityFirst = await list('status=all&sortBy=lastMessage&orderByDate=asc&pageSize=10');
    expect(phonesOf(oldestActivityFirst)).toEqual([phones[1], phones[2], phones[0]]);
  });

  it('shows another client none of these rooms', async () => {
    expect(phonesOf(await list('status=all&sortBy=lastMessage', adc2))).toEqual([]);
  });
});
