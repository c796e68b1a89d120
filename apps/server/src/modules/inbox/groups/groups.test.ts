import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';
import { envelope, postWebhook, textMessage } from '../../../test/whatsapp-webhook.js';
import { DEMO_WHATSAPP } from '../../demo/index.js';
import { messagingOutbound } from '../../messaging/messaging.tables.js';
import { csRooms } from '../rooms/rooms.tables.js';

const PNID = DEMO_WHATSAPP.phoneNumberId;
const GROUP = '120363040000000001';

type Group = {
  id: string;
  subject: string;
  providerGroupId: string | null;
  participantCount: number;
  unreadCount: number;
  participants: { phoneNumber: string; isAdmin: boolean }[];
};

describe('chat groups', () => {
  let sapa: TestApp;
  let sad: LoggedIn;
  let adc: LoggedIn;
  const inject = (options: InjectOptions) => sapa.app.inject(options);
  const call = (by: LoggedIn, method: InjectOptions['method'], url: string, payload?: object) =>
    inject({ method, url, headers: by.headers, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    sapa = await createTestApp();
    sad = await logIn(sapa.app, 'sad@demo.test');
    adc = await logIn(sapa.app, 'adc@demo.test');
  });
  afterAll(async () => sapa?.close());

  it('creates a group, renames it, and manages its participants and admins by phone number', async () => {
    const created = await call(sad, 'POST', '/api/cs/chatGroup', { subject: '  Mitra Jakarta  ' });
    expect(created.statusCode).toBe(201);
    const group = created.json<Group>();
    expect(group).toMatchObject({ subject: 'Mitra Jakarta', providerGroupId: null, participants: [] });

    const renamed = await call(sad, 'PUT', '/api/cs/chatGroup', {
      id: group.id,
      subject: 'Mitra Jabodetabek',
    });
    expect(renamed.json<Group>().subject).toBe('Mitra Jabodetabek');

    const added = await call(sad, 'POST', '/api/cs/chatGroups', {
      groupId: group.id,
      customerPhoneNumber: '+62 812-1111-0001',
      isAdmin: true,
    });
    expect(added.statusCode).toBe(200);
    await call(sad, 'POST', '/api/cs/chatGroups', { groupId: group.id, customerPhoneNumber: '081211110002' });
    const listed = (await call(sad, 'GET', `/api/cs/chatGroup/detail?id=${group.id}`)).json<Group>();
    expect(listed.participants).toEqual([
      expect.objectContaining({ phoneNumber: '6281211110001', isAdmin: true }),
      expect.objectContaining({ phoneNumber: '6281211110002', isAdmin: false }),
    ]);

    const demoted = await call(sad, 'PATCH', '/api/cs/chatGroups', {
      groupId: group.id,
      customerPhoneNumber: '6281211110001',
      isAdmin: false,
    });
    expect(demoted.json<Group>().participants.every((p) => !p.isAdmin)).toBe(true);
    const removed = await call(sad, 'PATCH', '/api/cs/chatGroups', {
      groupId: group.id,
      customerPhoneNumber: '6281211110002',
      remove: true,
    });
    expect(removed.json<Group>().participants.map((p) => p.phoneNumber)).toEqual(['6281211110001']);
    const again = await call(sad, 'PATCH', '/api/cs/chatGroups', {
      groupId: group.id,
      customerPhoneNumber: '6281211110002',
      remove: true,
    });
    expect([again.statusCode, errorCode(again)]).toEqual([404, 'participant_not_found']);

    const page = await call(sad, 'GET', '/api/cs/chatGroup?search=jabodetabek');
    expect(page.json()).toMatchObject({ total: 1, items: [{ id: group.id, participantCount: 1 }] });
  });

  it('refuses a ninth participant, a second link to the same WhatsApp group and a message to an unlinked group', async () => {
    const group = (await call(sad, 'POST', '/api/cs/chatGroup', { subject: 'Penuh' })).json<Group>();
    for (let n = 1; n <= 8; n++) {
      const ok = await call(sad, 'POST', '/api/cs/chatGroups', {
        groupId: group.id,
        customerPhoneNumber: `62812222200${String(n).padStart(2, '0')}`,
      });
      expect(ok.statusCode).toBe(200);
    }
    const ninth = await call(sad, 'POST', '/api/cs/chatGroups', {
      groupId: group.id,
      customerPhoneNumber: '6281222220099',
    });
    expect([ninth.statusCode, errorCode(ninth)]).toEqual([409, 'group_full']);

    const unlinked = await call(sad, 'POST', '/api/cs/chatGroup/messages', {
      groupId: group.id,
      content: 'Halo',
    });
    expect([unlinked.statusCode, errorCode(unlinked)]).toEqual([409, 'group_not_linked']);

    await call(sad, 'POST', '/api/cs/chatGroup', { subject: 'Satu', groupId: '120363040000000077' });
    const twice = await call(sad, 'POST', '/api/cs/chatGroup', {
      subject: 'Dua',
      groupId: '120363040000000077',
    });
    expect([twice.statusCode, errorCode(twice)]).toEqual([409, 'group_exists']);
  });

  it('takes a message written in a WhatsApp group into the group, not into a customer room, and sends a reply to the group', async () => {
    const inbound = await postWebhook(
      sapa.app,
      envelope(PNID, {
        contacts: [{ profile: { name: 'Budi' }, wa_id: '6281233330001' }],
        messages: [
          { ...textMessage('6281233330001', 'wamid.group.in.1', 'Stok habis di gudang B'), group_id: GROUP },
        ],
      }),
    );
    expect(inbound.statusCode).toBe(200);
    // The same delivery again: stored once.
    await postWebhook(
      sapa.app,
      envelope(PNID, {
        messages: [
          { ...textMessage('6281233330001', 'wamid.group.in.1', 'Stok habis di gudang B'), group_id: GROUP },
        ],
      }),
    );

    const page = (await call(sad, 'GET', `/api/cs/chatGroup?search=${GROUP}`)).json<{ items: Group[] }>();
    const group = page.items[0]!;
    expect(group).toMatchObject({ providerGroupId: GROUP, participantCount: 1, unreadCount: 1 });
    const messages = await call(sad, 'GET', `/api/cs/chatGroup/messages?groupId=${group.id}`);
    expect(messages.json().items).toEqual([
      expect.objectContaining({ content: 'Stok habis di gudang B', fromCs: false, authorName: 'Budi' }),
    ]);
    const rooms = await sapa.database.db
      .select()
      .from(csRooms)
      .where(
        and(eq(csRooms.clientId, sad.session.clientId), eq(csRooms.customerPhoneNumber, '6281233330001')),
      );
    expect(rooms).toEqual([]);

    const read = await call(sad, 'PUT', '/api/cs/chatGroup/markRead', { groupId: group.id });
    expect(read.json<Group>().unreadCount).toBe(0);

    const sent = await call(sad, 'POST', '/api/cs/chatGroup/messages', {
      groupId: group.id,
      content: 'Baik, kami kirim besok pagi',
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ fromCs: true, status: 'pending' });
    await sapa.messaging.settle();
    const [ledger] = await sapa.database.db
      .select()
      .from(messagingOutbound)
      .where(
        and(
          eq(messagingOutbound.clientId, sad.session.clientId),
          eq(messagingOutbound.sourceRef, sent.json().id),
        ),
      );
    expect(ledger).toMatchObject({ recipient: `group:${GROUP}`, status: 'sent' });
    const after = await call(sad, 'GET', `/api/cs/chatGroup/messages?groupId=${group.id}`);
    expect(after.json().items[0]).toMatchObject({ content: 'Baik, kami kirim besok pagi', status: 'sent' });
  });

  it('is the super admin’s alone, and another client’s group answers 404', async () => {
    const group = (await call(sad, 'POST', '/api/cs/chatGroup', { subject: 'Rahasia' })).json<Group>();
    expect((await call(adc, 'GET', '/api/cs/chatGroup')).statusCode).toBe(403);

    const adc2 = await logIn(sapa.app, 'adc2@demo.test');
    const switched = await call(sad, 'PUT', '/api/users/ownClientId', { clientId: adc2.session.clientId });
    expect(switched.statusCode).toBe(200);
    // The super admin acting for the second client.
    const elsewhere: LoggedIn = {
      ...sad,
      headers: { authorization: `Bearer ${switched.json().token}`, 'x-csrf-token': sad.csrfToken },
    };
    for (const response of [
      await call(elsewhere, 'GET', `/api/cs/chatGroup/detail?id=${group.id}`),
      await call(elsewhere, 'PUT', '/api/cs/chatGroup', { id: group.id, subject: 'Diambil' }),
      await call(elsewhere, 'POST', '/api/cs/chatGroups', {
        groupId: group.id,
        customerPhoneNumber: '6281244440001',
      }),
      await call(elsewhere, 'GET', `/api/cs/chatGroup/messages?groupId=${group.id}`),
      await call(elsewhere, 'POST', '/api/cs/chatGroup/messages', { groupId: group.id, content: 'x' }),
    ]) {
      expect([response.statusCode, errorCode(response)]).toEqual([404, 'group_not_found']);
    }
    expect((await call(elsewhere, 'GET', '/api/cs/chatGroup')).json().total).toBe(0);
  });

  it('answers hostile input with a clear 4xx', async () => {
    const group = (await call(sad, 'POST', '/api/cs/chatGroup', { subject: 'Uji' })).json<Group>();
    const cases: [string, InjectOptions['method'], string, object | undefined][] = [
      ['NUL in a subject', 'POST', '/api/cs/chatGroup', { subject: 'a\u0000b' }],
      ['an empty subject', 'POST', '/api/cs/chatGroup', { subject: '   ' }],
      ['a subject of the wrong type', 'POST', '/api/cs/chatGroup', { subject: 42 }],
      ['a bad WhatsApp group id', 'POST', '/api/cs/chatGroup', { subject: 'x', groupId: '<script>' }],
      ['a group id that is no id', 'GET', '/api/cs/chatGroup/detail?id=%27%20or%201=1', undefined],
      [
        'letters for a phone',
        'POST',
        '/api/cs/chatGroups',
        { groupId: group.id, customerPhoneNumber: 'abcdefgh' },
      ],
      [
        'a bad cursor',
        'GET',
        `/api/cs/chatGroup/messages?groupId=${group.id}&lastEvaluatedKey=zzz`,
        undefined,
      ],
    ];
    for (const [name, method, url, payload] of cases) {
      const response = await call(sad, method, url, payload);
      expect(response.statusCode, name).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, name).toBeLessThan(500);
    }
  });
});
