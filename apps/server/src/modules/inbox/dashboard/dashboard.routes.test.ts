import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdLiveSocket } from '../../../test/agent-presence.js';
import { inboundText } from '../../../test/inbox-fakes.js';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';
import { createInboxPort } from '../index.js';

describe('customer-service dashboard', () => {
  let sapa: TestApp;
  let adc: LoggedIn;
  let adc2: LoggedIn;
  let usc: LoggedIn;
  const inject = (options: InjectOptions) => sapa.app.inject(options);
  const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Jakarta' });

  beforeAll(async () => {
    sapa = await createTestApp();
    [adc, adc2] = await Promise.all([logIn(sapa.app, 'adc@demo.test'), logIn(sapa.app, 'adc2@demo.test')]);
    await inject({
      method: 'POST',
      url: '/api/cs/customerService',
      headers: adc.headers,
      payload: { csName: 'Ayu', email: 'usc@demo.test', capacity: 5 },
    });
    usc = await logIn(sapa.app, 'usc@demo.test');
    await holdLiveSocket(sapa, usc);
    const port = createInboxPort({});
    const clientId = adc.session.clientId;
    await port.receiveInbound(sapa.database.db, inboundText(clientId, '6281200000011', 'halo'));
    await port.receiveInbound(sapa.database.db, inboundText(clientId, '6281200000011', 'masih di sana?'));
    await port.receiveInbound(sapa.database.db, inboundText(clientId, '6281200000012', 'pesanan saya'));
    await inject({
      method: 'PUT',
      url: '/api/cs/configuration',
      headers: adc.headers,
      payload: { autoAssignTicket: true },
    });
    await inject({
      method: 'PUT',
      url: '/api/cs/customerService/status',
      headers: usc.headers,
      payload: { status: 'online' },
    });
    const rooms = await inject({
      method: 'GET',
      url: '/api/cs/chatRoom?q=6281200000011',
      headers: adc.headers,
    });
    await inject({
      method: 'DELETE',
      url: '/api/cs/chatRoom?forceClose=true',
      headers: adc.headers,
      payload: { roomId: rooms.json().items[0].id },
    });
  });
  afterAll(async () => sapa?.close());

  it('counts today’s conversations, open and closed, and the agents who were online', async () => {
    const response = await inject({
      method: 'GET',
      url: `/api/cs/dashboard?startDate=${today()}&endDate=${today()}`,
      headers: adc.headers,
    });
    expect(response.json()).toMatchObject({
      totalConversation: 2,
      openConversation: 1,
      closedConversation: 1,
      activeCs: 1,
    });
    const lastYear = await inject({
      method: 'GET',
      url: '/api/cs/dashboard?startDate=2025-01-01&endDate=2025-01-31',
      headers: adc.headers,
    });
    expect(lastYear.json()).toMatchObject({ totalConversation: 0, activeCs: 0 });
    const bad = await inject({
      method: 'GET',
      url: '/api/cs/dashboard?startDate=yesterday',
      headers: adc.headers,
    });
    expect(bad.statusCode).toBe(400);
    const otherClient = await inject({ method: 'GET', url: '/api/cs/dashboard', headers: adc2.headers });
    expect(otherClient.json()).toMatchObject({ totalConversation: 0, activeCs: 0 });
  });

  it('shows every agent’s status now with their open rooms', async () => {
    const response = await inject({
      method: 'GET',
      url: '/api/cs/dashboard/realtime-status?pageSize=10&pageNumber=1',
      headers: adc.headers,
    });
    expect(response.json()).toMatchObject({
      total: 1,
      items: [{ email: 'usc@demo.test', status: 'online', openRooms: 1, capacity: 5 }],
    });
    const byAgent = await inject({
      method: 'GET',
      url: '/api/cs/dashboard/realtime-status',
      headers: usc.headers,
    });
    expect(byAgent.statusCode).toBe(403);
  });

  it('counts each customer who wrote today once, by hour', async () => {
    const response = await inject({
      method: 'GET',
      url: `/api/cs/dashboard/daily-active-customer?date=${today()}`,
      headers: adc.headers,
    });
    expect(response.json(), response.body).toMatchObject({ total: 2 });
    expect(response.json().byHour).toHaveLength(24);
    expect(
      response.json().byHour.reduce((sum: number, hour: { customers: number }) => sum + hour.customers, 0),
    ).toBe(2);
    const before = await inject({
      method: 'GET',
      url: '/api/cs/dashboard/daily-active-customer?date=2025-06-01',
      headers: adc.headers,
    });
    expect(before.json().total).toBe(0);
  });

  it('gives active customers and tickets for each day of a range, zero on quiet days', async () => {
    const day = today();
    const weekBefore = new Date(Date.parse(`${day}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
    const response = await inject({
      method: 'GET',
      url: `/api/cs/dashboard/daily?from=${weekBefore}&to=${day}`,
      headers: adc.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { days } = response.json();
    expect(days).toHaveLength(7);
    expect(days[0]).toEqual({ date: weekBefore, activeCustomers: 0, tickets: 0 });
    expect(days.at(-1)).toEqual({ date: day, activeCustomers: 2, tickets: 2 });
    const byDefault = await inject({ method: 'GET', url: '/api/cs/dashboard/daily', headers: adc.headers });
    expect(byDefault.json()).toMatchObject({ from: weekBefore, to: day });

    const backwards = await inject({
      method: 'GET',
      url: `/api/cs/dashboard/daily?from=${day}&to=${weekBefore}`,
      headers: adc.headers,
    });
    expect(backwards.statusCode).toBe(400);
    const tooLong = await inject({
      method: 'GET',
      url: '/api/cs/dashboard/daily?from=2025-01-01&to=2025-12-31',
      headers: adc.headers,
    });
    expect(errorCode(tooLong)).toBe('range_too_long');
    const byAgent = await inject({ method: 'GET', url: '/api/cs/dashboard/daily', headers: usc.headers });
    expect(byAgent.statusCode).toBe(403);
  });

  it('counts only the caller’s client in the daily series', async () => {
    const response = await inject({
      method: 'GET',
      url: `/api/cs/dashboard/daily?from=${today()}&to=${today()}`,
      headers: adc2.headers,
    });
    expect(response.json().days).toEqual([{ date: today(), activeCustomers: 0, tickets: 0 }]);
  });
});
