import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboundText, RecordingRealtime } from '../../../test/inbox-fakes.js';
import { createTestApp, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';
import { AUTO_CLOSE_JOB, autoCloseIdleRooms, createInboxPort } from '../index.js';

describe('auto-close of idle rooms', () => {
  let sapa: TestApp;
  let adc: LoggedIn;
  let adc2: LoggedIn;
  const realtime = new RecordingRealtime();

  beforeAll(async () => {
    sapa = await createTestApp();
    [adc, adc2] = await Promise.all([logIn(sapa.app, 'adc@demo.test'), logIn(sapa.app, 'adc2@demo.test')]);
    const port = createInboxPort({});
    const hourAgo = new Date(Date.now() - 3_600_000);
    await port.receiveInbound(
      sapa.database.db,
      inboundText(adc.session.clientId, '6281288800001', 'halo', { sentAt: hourAgo }),
    );
    await port.receiveInbound(
      sapa.database.db,
      inboundText(adc.session.clientId, '6281288800002', 'baru saja'),
    );
    await port.receiveInbound(
      sapa.database.db,
      inboundText(adc2.session.clientId, '6281288800003', 'halo', { sentAt: hourAgo }),
    );
    await sapa.app.inject({
      method: 'PUT',
      url: '/api/cs/configuration',
      headers: adc.headers,
      payload: { autoclose: { enabled: true, minutes: 30 } },
    });
  });
  afterAll(async () => sapa?.close());

  it('closes only rooms idle past the client’s limit, and only for clients that turned it on', async () => {
    expect(await autoCloseIdleRooms({ db: sapa.database.db, realtime })).toEqual({ closed: 1 });
    const history = await sapa.app.inject({
      method: 'GET',
      url: '/api/cs/chatRoom/history',
      headers: adc.headers,
    });
    expect(history.json().items).toMatchObject([
      {
        customerPhoneNumber: '6281288800001',
        closedBy: 'system:autoclose',
        remarks: 'Closed automatically after 30 minutes without messages',
      },
    ]);
    const live = await sapa.app.inject({ method: 'GET', url: '/api/cs/chatRoom', headers: adc.headers });
    expect(
      live.json().items.map((room: { customerPhoneNumber: string }) => room.customerPhoneNumber),
    ).toEqual(['6281288800002']);
    const other = await sapa.app.inject({ method: 'GET', url: '/api/cs/chatRoom', headers: adc2.headers });
    expect(other.json().items).toHaveLength(1);
    expect(realtime.ofType('ROOM_CLOSED')).toHaveLength(1);
    expect(await autoCloseIdleRooms({ db: sapa.database.db, realtime })).toEqual({ closed: 0 });
  });

  it('runs every five minutes', async () => {
    await sapa.jobs.start({ work: false });
    const schedules = await sapa.jobs.boss.getSchedules();
    expect(schedules.find((schedule) => schedule.name === AUTO_CLOSE_JOB)?.cron).toBe('*/5 * * * *');
  });
});
