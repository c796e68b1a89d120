import { AGENT_STATUS_PATH } from '@sapa/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdLiveSocket } from '../../../test/agent-presence.js';
import { inboundText } from '../../../test/inbox-fakes.js';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';
import { createInboxPort } from '../index.js';

describe('the customer context of the agent serving them', () => {
  let sapa: TestApp;
  let adc: LoggedIn;
  let usc: LoggedIn;
  let use: LoggedIn;
  let usc2: LoggedIn;
  const inject = (options: InjectOptions) => sapa.app.inject(options);
  const status = (agent: LoggedIn, value: string) =>
    inject({ method: 'PUT', url: AGENT_STATUS_PATH, headers: agent.headers, payload: { status: value } });
  const arrive = (phone: string) =>
    createInboxPort({}).receiveInbound(
      sapa.database.db,
      inboundText(adc.session.clientId, phone, 'halo, soal pesanan saya'),
    );
  const roomsOf = async (agent: LoggedIn) =>
    (await inject({ method: 'GET', url: '/api/cs/chatRoom', headers: agent.headers })).json().items as {
      id: string;
      customerPhoneNumber: string;
    }[];
  const historyOf = (agent: LoggedIn, customerPhoneNumber: string) =>
    inject({
      method: 'POST',
      url: '/api/cs/chatRoom/history',
      headers: agent.headers,
      payload: { customerPhoneNumber, pageSize: 10 },
    });

  beforeAll(async () => {
    sapa = await createTestApp();
    adc = await logIn(sapa.app, 'adc@demo.test');
    for (const [csName, email] of [
      ['Ayu', 'usc@demo.test'],
      ['Eko', 'use@demo.test'],
    ])
      await inject({
        method: 'POST',
        url: '/api/cs/customerService',
        headers: adc.headers,
        payload: { csName, email },
      });
    await inject({
      method: 'PUT',
      url: '/api/cs/configuration',
      headers: adc.headers,
      payload: { autoAssignTicket: true },
    });
    [usc, use, usc2] = await Promise.all([
      logIn(sapa.app, 'usc@demo.test'),
      logIn(sapa.app, 'use@demo.test'),
      logIn(sapa.app, 'usc2@demo.test'),
    ]);
    for (const agent of [usc, use]) await holdLiveSocket(sapa, agent);
    // Eko serves the customer first and closes the conversation.
    await status(use, 'online');
    await arrive('6281355500001');
    const [first] = await roomsOf(use);
    const closed = await inject({
      method: 'DELETE',
      url: '/api/cs/chatRoom',
      headers: use.headers,
      payload: { roomId: first!.id, remarks: 'Alamat diperbarui' },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    await status(use, 'offline');
    // The customer writes again: Ayu serves them now.
    await status(usc, 'online');
    await arrive('6281355500001');
    expect((await roomsOf(usc)).map((room) => room.customerPhoneNumber)).toEqual(['6281355500001']);
  });
  afterAll(async () => sapa?.close());

  it('shows the agent serving a customer that customer’s past conversations handled by a colleague', async () => {
    const history = await historyOf(usc, '6281355500001');
    expect(history.statusCode).toBe(200);
    expect(history.json()).toMatchObject({
      total: 1,
      items: [{ status: 'closed', csId: use.session.csId, remarks: 'Alamat diperbarui' }],
    });
  });

  it('keeps the history search confined to the agent’s own conversations (spec §6)', async () => {
    const search = await inject({
      method: 'GET',
      url: '/api/cs/chatRoom/history?customerPhoneNumber=6281355500001',
      headers: usc.headers,
    });
    expect(search.json().total).toBe(0);
    const bySupervisorView = await inject({
      method: 'GET',
      url: '/api/cs/chatRoom/history?customerPhoneNumber=6281355500001',
      headers: adc.headers,
    });
    expect(bySupervisorView.json().total).toBe(1);
  });

  it('answers 404 for a customer the agent does not serve, and to another client', async () => {
    await arrive('6281355500002');
    // That customer went to Ayu too (the only one online): Eko, offline, does not serve them.
    const notServing = await historyOf(use, '6281355500002');
    expect(notServing.statusCode).toBe(404);
    expect(errorCode(notServing)).toBe('customer_not_found');
    const otherClient = await historyOf(usc2, '6281355500001');
    expect(otherClient.statusCode).toBe(404);
    const garbage = await historyOf(usc, 'not a phone');
    expect(garbage.statusCode).toBe(404);
  });
});
