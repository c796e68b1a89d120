import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecordingRealtime } from '../../../test/inbox-fakes.js';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';
import { until as untilWithin } from '../../../test/wait-for.js';
import { envelope, postWebhook, textMessage } from '../../../test/whatsapp-webhook.js';
import { DEMO_WHATSAPP } from '../../demo/index.js';
import { whatsappSandboxGroups } from '../../messaging/whatsapp-groups/whatsapp-groups.tables.js';
import { csRooms } from '../rooms/rooms.tables.js';

const PNID = '300000000000043';
const TOKEN = 'EAAG-groups-access-token';
const APP_SECRET = 'groups-app-secret';

type Participant = { phoneNumber: string; isAdmin: boolean; state: string };
type Group = {
  id: string;
  subject: string;
  providerGroupId: string | null;
  syncState: 'pending' | 'synced' | 'failed';
  syncError: string | null;
  inviteLink: string | null;
  participants: Participant[];
};
type Recorded = { method: string; path: string; body: unknown };

/**
 * A local Graph API for one number's Groups API: create (answers a request id, as Meta does), rename,
 * remove participants, invite link; a subject containing "Ditolak" is refused with Meta's error shape.
 */
function startGraphPeer() {
  const requests: Recorded[] = [];
  let baseUrl = '';
  let next = 1;
  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return text ? (JSON.parse(text) as unknown) : null;
  };
  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = (await readBody(request)) as Record<string, unknown> | null;
      const path = new URL(request.url!, baseUrl).pathname;
      requests.push({ method: request.method!, path, body });
      const json = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      if (request.headers.authorization !== `Bearer ${TOKEN}`)
        return json(401, { error: { message: 'Invalid OAuth access token.', code: 190 } });
      if (String(body?.subject ?? '').includes('Ditolak'))
        return json(400, {
          error: {
            message: '(#131009) Parameter value is not valid',
            code: 131009,
            error_user_msg: 'Subject not allowed',
          },
        });
      if (request.method === 'POST' && path === `/v23.0/${PNID}/groups`)
        return json(200, { messaging_product: 'whatsapp', request_id: `req-${next++}` });
      const group = /^\/v23\.0\/([^/]+)(\/[a-z_]+)?$/.exec(path);
      if (group && request.method === 'POST' && !group[2]) return json(200, { success: true });
      if (group && request.method === 'DELETE' && group[2] === '/participants')
        return json(200, { messaging_product: 'whatsapp' });
      if (group && request.method === 'GET' && group[2] === '/invite_link')
        return json(200, {
          messaging_product: 'whatsapp',
          invite_link: `https://chat.whatsapp.com/peer${group[1]}`,
        });
      json(404, { error: { message: 'Unknown path', code: 100 } });
    })();
  });
  return {
    requests,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      return baseUrl;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A Groups API webhook of one number, in Meta's envelope. */
function groupWebhook(phoneNumberId: string, field: string, groups: Record<string, unknown>[]) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '300000000000000',
        changes: [
          {
            field,
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '62315310004', phone_number_id: phoneNumberId },
              groups: groups.map((g) => ({ timestamp: String(Math.floor(Date.now() / 1000)), ...g })),
            },
          },
        ],
      },
    ],
  };
}

/** Group jobs run through pg-boss, slower under a loaded CI: a longer wait than the default. */
const until = <T>(probe: () => T | Promise<T>) => untilWithin(probe, 30_000, 150);

describe('chat groups at WhatsApp (Groups API jobs, sandbox and Cloud API) and live events', () => {
  const graph = startGraphPeer();
  const realtime = new RecordingRealtime();
  let sapa: TestApp;
  let sad: LoggedIn;
  /** The super admin as they act now (acting for another client changes whom their session serves). */
  let current: LoggedIn;
  let adc2: LoggedIn;
  let cloudChannelId: string;

  const call = (by: LoggedIn, method: InjectOptions['method'], url: string, payload?: object) =>
    sapa.app.inject({ method, url, headers: by.headers, ...(payload ? { payload } : {}) });
  /** The super admin acting for a client: the demo client, or the second one (its number on the Cloud API). */
  const actAs = async (clientId: string) => {
    const switched = await call(current, 'PUT', '/api/users/ownClientId', { clientId });
    expect(switched.statusCode).toBe(200);
    current = {
      ...current,
      headers: { authorization: `Bearer ${switched.json().token}`, 'x-csrf-token': current.csrfToken },
    };
    return current;
  };
  const detail = async (by: LoggedIn, id: string) =>
    (await call(by, 'GET', `/api/cs/chatGroup/detail?id=${id}`)).json<Group>();
  const settled = (by: LoggedIn, id: string, state: Group['syncState'] = 'synced') =>
    until(async () => {
      const group = await detail(by, id);
      return group.syncState === state ? group : null;
    });

  beforeAll(async () => {
    const base = await graph.start();
    sapa = await createTestApp(
      { WHATSAPP_GRAPH_BASE_URL: `${base}/v23.0`, OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' },
      { realtime },
    );
    await sapa.jobs.start({ work: true });
    sad = await logIn(sapa.app, 'sad@demo.test');
    current = sad;
    adc2 = await logIn(sapa.app, 'adc2@demo.test');
    const created = await call(adc2, 'POST', '/api/channels/whatsapp', {
      provider: 'cloud',
      phoneNumberId: PNID,
      displayPhoneNumber: '+62 31 5310 0004',
      wabaId: '300000000000000',
      accessToken: TOKEN,
      appSecret: APP_SECRET,
      verifyToken: 'groups-verify-token',
    });
    expect(created.statusCode).toBe(200);
    cloudChannelId = created.json<{ id: string }>().id;
  });
  afterAll(async () => {
    await sapa?.close();
    await graph.stop();
  });

  it('creates a group on the sandbox number in a job: WhatsApp’s group id and invite link come back by webhook', async () => {
    const created = await call(sad, 'POST', '/api/cs/chatGroup', {
      subject: 'Mitra Bandung',
      participants: [{ phoneNumber: '+62 812-5555-0001', isAdmin: true }, { phoneNumber: '081255550002' }],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json<Group>()).toMatchObject({
      syncState: 'pending',
      providerGroupId: null,
      participants: [
        { phoneNumber: '6281255550001', isAdmin: true, state: 'invited' },
        { phoneNumber: '6281255550002', isAdmin: false, state: 'invited' },
      ],
    });
    const group = await settled(sad, created.json<Group>().id);
    expect(group.providerGroupId).toBeTruthy();
    expect(group.inviteLink).toMatch(/^https:\/\/chat\.whatsapp\.com\/[A-Za-z0-9]{22}$/);
    const [recorded] = await sapa.database.db
      .select()
      .from(whatsappSandboxGroups)
      .where(
        and(
          eq(whatsappSandboxGroups.clientId, sad.session.clientId),
          eq(whatsappSandboxGroups.groupId, group.providerGroupId!),
        ),
      );
    expect(recorded).toMatchObject({ subject: 'Mitra Bandung', inviteLink: group.inviteLink });

    // Renamed: pushed to the sandbox's record too.
    await call(sad, 'PUT', '/api/cs/chatGroup', { id: group.id, subject: 'Mitra Jawa Barat' });
    await until(async () => {
      const [row] = await sapa.database.db
        .select()
        .from(whatsappSandboxGroups)
        .where(
          and(
            eq(whatsappSandboxGroups.clientId, sad.session.clientId),
            eq(whatsappSandboxGroups.groupId, group.providerGroupId!),
          ),
        );
      return row?.subject === 'Mitra Jawa Barat';
    });
    expect((await settled(sad, group.id)).subject).toBe('Mitra Jawa Barat');

    // Someone joins by the link, someone new too; one leaves: WhatsApp's webhooks move the list.
    const joined = await postWebhook(
      sapa.app,
      groupWebhook(DEMO_WHATSAPP.phoneNumberId, 'group_participants_update', [
        {
          group_id: group.providerGroupId,
          type: 'group_participants_add',
          reason: 'invite_link',
          added_participants: [{ wa_id: '6281255550001' }, { wa_id: '6281255550003' }],
        },
      ]),
    );
    expect(joined.statusCode).toBe(200);
    expect((await detail(sad, group.id)).participants).toEqual([
      expect.objectContaining({ phoneNumber: '6281255550001', state: 'joined', isAdmin: true }),
      expect.objectContaining({ phoneNumber: '6281255550002', state: 'invited' }),
      expect.objectContaining({ phoneNumber: '6281255550003', state: 'joined' }),
    ]);
    await postWebhook(
      sapa.app,
      groupWebhook(DEMO_WHATSAPP.phoneNumberId, 'group_participants_update', [
        {
          group_id: group.providerGroupId,
          type: 'group_participants_remove',
          initiated_by: 'participant',
          removed_participants: [{ wa_id: '6281255550003' }],
        },
      ]),
    );
    expect((await detail(sad, group.id)).participants.map((p) => p.phoneNumber)).toEqual([
      '6281255550001',
      '6281255550002',
    ]);
  });

  it('creates, renames and removes on the Cloud API through the Graph API, and stores a refusal with Meta’s words', async () => {
    graph.requests.length = 0;
    const sad2 = await actAs(adc2.session.clientId);
    const created = await call(sad2, 'POST', '/api/cs/chatGroup', {
      subject: 'Distributor Surabaya',
      channelId: cloudChannelId,
      participants: [{ phoneNumber: '6281366660001' }],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<Group>().id;
    await until(() => graph.requests.find((r) => r.path === `/v23.0/${PNID}/groups`));
    expect(graph.requests[0]).toEqual({
      method: 'POST',
      path: `/v23.0/${PNID}/groups`,
      body: { messaging_product: 'whatsapp', subject: 'Distributor Surabaya' },
    });
    // Still pending: Meta tells the group id by webhook.
    expect((await detail(sad2, id)).syncState).toBe('pending');
    const linked = await postWebhook(
      sapa.app,
      groupWebhook(PNID, 'group_lifecycle_update', [
        {
          group_id: 'Y2FwaV9ncm91cDoxMjM0',
          type: 'group_create',
          request_id: 'req-1',
          subject: 'Distributor Surabaya',
          invite_link: 'https://chat.whatsapp.com/CloudLink0001',
        },
      ]),
      APP_SECRET,
    );
    expect(linked.statusCode).toBe(200);
    expect(await detail(sad2, id)).toMatchObject({
      providerGroupId: 'Y2FwaV9ncm91cDoxMjM0',
      inviteLink: 'https://chat.whatsapp.com/CloudLink0001',
      syncState: 'synced',
    });

    // Joined, then removed by the super admin: taken out at WhatsApp by the job.
    await postWebhook(
      sapa.app,
      groupWebhook(PNID, 'group_participants_update', [
        {
          group_id: 'Y2FwaV9ncm91cDoxMjM0',
          type: 'group_participants_add',
          added_participants: [{ wa_id: '6281366660001' }],
        },
      ]),
      APP_SECRET,
    );
    const removing = await call(sad2, 'PATCH', '/api/cs/chatGroups', {
      groupId: id,
      customerPhoneNumber: '6281366660001',
      remove: true,
    });
    expect(removing.json<Group>()).toMatchObject({
      syncState: 'pending',
      participants: [{ phoneNumber: '6281366660001', state: 'removing' }],
    });
    const done = await settled(sad2, id);
    expect(done.participants).toEqual([]);
    expect(graph.requests).toContainEqual({
      method: 'DELETE',
      path: '/v23.0/Y2FwaV9ncm91cDoxMjM0/participants',
      body: { messaging_product: 'whatsapp', participants: [{ user: '6281366660001' }] },
    });

    // A rename Meta refuses: failed, with the reason shown; a good rename syncs again.
    await call(sad2, 'PUT', '/api/cs/chatGroup', { id, subject: 'Ditolak Meta' });
    const failed = await settled(sad2, id, 'failed');
    expect(failed.syncError).toContain('Subject not allowed');
    await call(sad2, 'PUT', '/api/cs/chatGroup', { id, subject: 'Distributor Jatim' });
    await settled(sad2, id);
    expect(graph.requests).toContainEqual({
      method: 'POST',
      path: '/v23.0/Y2FwaV9ncm91cDoxMjM0',
      body: { messaging_product: 'whatsapp', subject: 'Distributor Jatim' },
    });

    // Meta refusing the creation itself (its webhook): failed, and a retry creates it again.
    const second = (
      await call(sad2, 'POST', '/api/cs/chatGroup', { subject: 'Gudang Sidoarjo', channelId: cloudChannelId })
    ).json<Group>();
    await until(() => graph.requests.filter((r) => r.path === `/v23.0/${PNID}/groups`).length === 2);
    await until(async () => (await detail(sad2, second.id)).syncState === 'pending');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await postWebhook(
      sapa.app,
      groupWebhook(PNID, 'group_lifecycle_update', [
        {
          group_id: 'Y2FwaV9ncm91cDo5OTk5',
          type: 'group_create',
          request_id: 'req-2',
          subject: 'Gudang Sidoarjo',
          errors: [
            { code: 131059, title: 'Group creation failed', message: 'Not an Official Business Account' },
          ],
        },
      ]),
      APP_SECRET,
    );
    expect(await detail(sad2, second.id)).toMatchObject({
      syncState: 'failed',
      syncError: expect.stringContaining('Not an Official Business Account'),
      providerGroupId: null,
    });
    const retried = await call(sad2, 'PUT', '/api/cs/chatGroup/sync', { groupId: second.id });
    expect(retried.json<Group>().syncState).toBe('pending');
    await until(() => graph.requests.filter((r) => r.path === `/v23.0/${PNID}/groups`).length === 3);
  });

  it('never lets one client’s number or super admin touch another client’s group', async () => {
    const demo = await actAs(sad.session.clientId);
    const mine = (await call(demo, 'POST', '/api/cs/chatGroup', { subject: 'Milik demo' })).json<Group>();
    const group = await settled(demo, mine.id);
    const sad2 = await actAs(adc2.session.clientId);
    for (const response of [
      await call(sad2, 'PUT', '/api/cs/chatGroup/sync', { groupId: group.id }),
      await call(sad2, 'PATCH', '/api/cs/chatGroups', {
        groupId: group.id,
        customerPhoneNumber: '6281255550001',
        remove: true,
      }),
    ]) {
      expect([response.statusCode, errorCode(response)]).toEqual([404, 'group_not_found']);
    }
    // The second client's number names the first client's WhatsApp group: nothing moves.
    await postWebhook(
      sapa.app,
      groupWebhook(PNID, 'group_participants_update', [
        {
          group_id: group.providerGroupId,
          type: 'group_participants_add',
          added_participants: [{ wa_id: '6281399990001' }],
        },
      ]),
      APP_SECRET,
    );
    expect((await detail(await actAs(sad.session.clientId), group.id)).participants).toEqual([]);
  });

  it('publishes group and ticket changes only to the client’s own super admins, supervisors and assignee', async () => {
    realtime.clear();
    const demo = await actAs(sad.session.clientId);
    const group = (
      await call(demo, 'POST', '/api/cs/chatGroup', { subject: 'Siaran langsung' })
    ).json<Group>();
    await settled(demo, group.id);
    const groupEvents = realtime.ofType('GROUP_UPDATED');
    expect(groupEvents.length).toBeGreaterThanOrEqual(2);
    const states = groupEvents
      .map((e) => e.payload.data as { groupId: string; group: Group })
      .filter((d) => d.groupId === group.id)
      .map((d) => d.group.syncState);
    expect(states[0]).toBe('pending');
    expect(states.at(-1)).toBe('synced');
    for (const event of groupEvents.filter(
      (e) => (e.payload.data as { groupId: string }).groupId === group.id,
    )) {
      expect(event.clientId).toBe(sad.session.clientId);
      expect(event.audience).toEqual({ userIds: [sad.session.userId] });
    }

    // A group message in and its live event.
    await postWebhook(
      sapa.app,
      envelope(DEMO_WHATSAPP.phoneNumberId, {
        messages: [
          { ...textMessage('6281277770001', 'wamid.live.group.1', 'Halo grup'), group_id: 'live-group-1' },
        ],
      }),
    );
    const message = realtime.ofType('GROUP_MESSAGE').at(-1)!;
    expect(message).toMatchObject({
      clientId: sad.session.clientId,
      audience: { userIds: [sad.session.userId] },
    });

    // A ticket on a customer's conversation: its assignee (none yet), the supervisors and super admins.
    await postWebhook(
      sapa.app,
      envelope(DEMO_WHATSAPP.phoneNumberId, {
        messages: [textMessage('6281277770002', 'wamid.live.ticket.1', 'Pesanan saya belum sampai')],
      }),
    );
    const [room] = await sapa.database.db
      .select()
      .from(csRooms)
      .where(
        and(eq(csRooms.clientId, sad.session.clientId), eq(csRooms.customerPhoneNumber, '6281277770002')),
      );
    const ticket = await call(demo, 'POST', '/api/cs/tickets', {
      roomId: room!.id,
      subject: 'Paket terlambat',
    });
    expect(ticket.statusCode).toBe(201);
    const [opened] = realtime.ofType('TICKET_UPDATED');
    expect(opened).toMatchObject({
      clientId: sad.session.clientId,
      payload: { data: { ticketId: ticket.json().id, ticket: { status: 'open' } } },
    });
    const audience = opened!.audience as { userIds: string[]; chatRoles: string[] };
    expect(audience.chatRoles).toEqual(['SPV']);
    expect(audience.userIds).toEqual([sad.session.userId]);
    expect(audience.userIds).not.toContain(adc2.session.userId);
    await call(demo, 'PUT', '/api/cs/tickets', { id: ticket.json().id, status: 'pending' });
    expect(realtime.ofType('TICKET_UPDATED').at(-1)).toMatchObject({
      payload: { data: { ticket: { status: 'pending' } } },
    });
    // Nothing of this client was published for the other client.
    expect(realtime.events.filter((e) => e.clientId === adc2.session.clientId)).toEqual([]);
  });

  it('answers hostile group input with a clear 4xx', async () => {
    const cases: [string, InjectOptions['method'], string, object][] = [
      [
        'NUL in a participant phone',
        'POST',
        '/api/cs/chatGroup',
        { subject: 'x', participants: [{ phoneNumber: '0812\u00005555' }] },
      ],
      [
        'nine participants',
        'POST',
        '/api/cs/chatGroup',
        {
          subject: 'x',
          participants: Array.from({ length: 9 }, (_, n) => ({ phoneNumber: `62812000000${n}` })),
        },
      ],
      ['participants of the wrong type', 'POST', '/api/cs/chatGroup', { subject: 'x', participants: 'all' }],
      [
        'a channel id of the wrong type',
        'POST',
        '/api/cs/chatGroup',
        { subject: 'x', channelId: { $ne: 1 } },
      ],
      ['a retry of no group', 'PUT', '/api/cs/chatGroup/sync', { groupId: '../../etc' }],
      ['a retry without a group', 'PUT', '/api/cs/chatGroup/sync', {}],
    ];
    for (const [name, method, url, payload] of cases) {
      const response = await call(current, method, url, payload);
      expect(response.statusCode, name).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, name).toBeLessThan(500);
    }
  });
});
