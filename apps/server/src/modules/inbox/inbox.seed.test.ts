import { ROOM_EVENT_MESSAGE_TYPE } from '@sapa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type LoggedIn, logIn, type TestApp } from '../../test/test-app.js';
import { seedInboxDemo } from './index.js';

describe('the demo client’s inbox', () => {
  let sapa: TestApp;
  let adc: LoggedIn;

  beforeAll(async () => {
    sapa = await createTestApp();
    adc = await logIn(sapa.app, 'adc@demo.test');
    expect(await seedInboxDemo(sapa.database.db, adc.session.clientId)).toEqual({ seeded: true });
  });
  afterAll(async () => sapa?.close());

  it('staffs the inbox: USC and USE are weighted, tagged agents, USV their supervisor, auto-assign on', async () => {
    const usc = await logIn(sapa.app, 'usc@demo.test');
    const use = await logIn(sapa.app, 'use@demo.test');
    const usv = await logIn(sapa.app, 'usv@demo.test');
    expect([usc.session.chatRole, use.session.chatRole, usv.session.chatRole]).toEqual(['CS', 'CS', 'SPV']);
    const agents = await sapa.app.inject({
      method: 'GET',
      url: '/api/cs/customerService',
      headers: adc.headers,
    });
    expect(
      agents
        .json()
        .items.map((a: { email: string; percentageWeight: number; tags: string[] }) => [
          a.email,
          a.percentageWeight,
          a.tags,
        ])
        .sort(),
    ).toEqual([
      ['usc@demo.test', 60, ['billing', 'general']],
      ['use@demo.test', 40, ['sales', 'general']],
    ]);
    const config = await sapa.app.inject({
      method: 'GET',
      url: '/api/cs/configuration',
      headers: adc.headers,
    });
    expect(config.json().config.autoAssignTicket).toBe(true);
  });

  it('has customers and closed conversations in history, and each agent sees their own', async () => {
    const customers = await sapa.app.inject({
      method: 'GET',
      url: '/api/cs/customers?pageSize=50',
      headers: adc.headers,
    });
    expect(customers.json().items).toHaveLength(4);
    const history = await sapa.app.inject({
      method: 'GET',
      url: '/api/cs/chatRoom/history',
      headers: adc.headers,
    });
    expect(history.json().total).toBe(3);
    expect(
      history
        .json()
        .items.map((room: { category: { name: string } }) => room.category.name)
        .sort(),
    ).toEqual(['Delivery', 'Payment', 'Product question']);
    const usc = await logIn(sapa.app, 'usc@demo.test');
    const own = await sapa.app.inject({
      method: 'GET',
      url: '/api/cs/chatRoom/history',
      headers: usc.headers,
    });
    expect(own.json().total).toBe(2);
    const room = own.json().items[0];
    const chat = await sapa.app.inject({
      method: 'GET',
      url: `/api/cs/chat?id=${room.id}`,
      headers: usc.headers,
    });
    // The newest message the customer saw is the agent's answer, read; a transfer recorded after it
    // (a room event, never sent) sits among the messages too.
    const sent = chat
      .json()
      .items.filter((message: { type: string }) => message.type !== ROOM_EVENT_MESSAGE_TYPE);
    expect(sent[0]).toMatchObject({ fromCs: true, status: 'read' });
  });

  it('seeds once', async () => {
    expect(await seedInboxDemo(sapa.database.db, adc.session.clientId)).toEqual({ seeded: false });
  });
});
