import { CHAT_ROLES, type ChatRole, ROLE_CODES, type RoleCode } from '@sapa/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admitsCaller } from '../../platform/access-policy.js';
import type { AccessRule, RouteAccess } from '../../platform/request-context.js';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../test/test-app.js';
import { csAccess } from './inbox.access.js';

/**
 * Role × operation matrix of /api/cs (issue 11, decision 0017), written from spec §6 rather than read
 * from the routes: customers and CS config are SAD, ADC, ADB; chat templates add USE; chat is for chat
 * roles (and the admins and supervisors who oversee it). Every route the app registers under /api/cs
 * must appear here, so a new route without the right rule fails this test.
 */
type Expected = {
  roles: readonly RoleCode[];
  chatRoles?: readonly ChatRole[];
  /** Most are feature areas of CS; the subscription (trial) calls are not. */
  feature?: 'CS' | null;
};

const ADMINS: Expected = { roles: ['SAD', 'ADC', 'ADB'] };
const SUPERVISORS: Expected = { roles: ['SAD', 'ADC', 'ADB', 'USV'] };
const INBOX: Expected = { roles: ['SAD', 'ADC', 'ADB', 'USV'], chatRoles: ['CS', 'SPV', 'INTERNAL'] };
const TEMPLATE_READERS: Expected = { ...INBOX, roles: [...INBOX.roles, 'USE'] };
const TEMPLATE_EDITORS: Expected = { roles: ['SAD', 'ADC', 'ADB', 'USE'] };
const AGENT_SELF: Expected = { roles: [], chatRoles: ['CS', 'SPV'] };
const GROUPS: Expected = { roles: ['SAD'] };

const EXPECTED: Record<string, Expected> = {
  // Subscriptions: the trial page loads for everyone; the super admin sets them.
  'GET /api/cs/subscriptions/me': { roles: ROLE_CODES, feature: null },
  'POST /api/cs/subscriptions': { roles: ['SAD'], feature: null },
  'PUT /api/cs/subscriptions': { roles: ['SAD'], feature: null },
  // CS config (§6): the chat screen reads it, admins change it.
  'GET /api/cs/configuration': INBOX,
  'PUT /api/cs/configuration': ADMINS,
  'POST /api/cs/configuration': ADMINS,
  'PUT /api/cs/configuration/defaultBot': ADMINS,
  // Chat bots and external bot providers (decision 0035): CS configuration, so the client's admins.
  'GET /api/cs/chatbot': ADMINS,
  'POST /api/cs/chatbot': ADMINS,
  'PUT /api/cs/chatbot': ADMINS,
  'DELETE /api/cs/chatbot': ADMINS,
  'GET /api/cs/chatbot/templates': ADMINS,
  'GET /api/cs/chatbot/action': ADMINS,
  'POST /api/cs/chatbot/action': ADMINS,
  'DELETE /api/cs/chatbot/action': ADMINS,
  'GET /api/cs/chatbot/validation': ADMINS,
  'PUT /api/cs/chatbot/validation': ADMINS,
  'DELETE /api/cs/chatbot/validation': ADMINS,
  'GET /api/cs/chatBotProvider/:provider/:name': ADMINS,
  'POST /api/cs/chatBotProvider/:provider/:name': ADMINS,
  'DELETE /api/cs/chatBotProvider/:provider/:name': ADMINS,
  'GET /api/cs/chatBotProvider/:provider/:name/projects': ADMINS,
  'POST /api/cs/chatBotProvider/:provider/:name/projects': ADMINS,
  'PUT /api/cs/chatBotProvider/:provider/:name/projects': ADMINS,
  'GET /api/cs/roomCategory': INBOX,
  'POST /api/cs/roomCategory': ADMINS,
  'PUT /api/cs/roomCategory': ADMINS,
  'DELETE /api/cs/roomCategory': ADMINS,
  // Chat templates (§6): agents read them to send; SAD, ADC, ADB, USE edit them.
  'GET /api/cs/chatTemplate': TEMPLATE_READERS,
  'PUT /api/cs/chatTemplate': TEMPLATE_EDITORS,
  'DELETE /api/cs/chatTemplate': TEMPLATE_EDITORS,
  'POST /api/cs/chatTemplate/action': TEMPLATE_EDITORS,
  // The agent's own status.
  'PUT /api/cs/customerService/status': AGENT_SELF,
  'PUT /api/cs/customerService/status/offline': AGENT_SELF,
  // People of the inbox: agents look colleagues up to transfer; supervisors manage agents; admins the rest.
  'GET /api/cs/customerService': INBOX,
  'GET /api/cs/customerService/detail': INBOX,
  'POST /api/cs/customerService': INBOX,
  'GET /api/cs/customerService/tags': INBOX,
  'GET /api/cs/customerService/listCustomer': INBOX,
  'GET /api/cs/customerService/me': INBOX,
  'DELETE /api/cs/customerService': SUPERVISORS,
  'GET /api/cs/customerService/exportToCsv': SUPERVISORS,
  'GET /api/cs/exportLogToXlsx': SUPERVISORS,
  'POST /api/cs/customerService/import': SUPERVISORS,
  'GET /api/cs/manager': SUPERVISORS,
  'PUT /api/cs/manager': ADMINS,
  'DELETE /api/cs/manager': ADMINS,
  'POST /api/cs/manager/import': ADMINS,
  'GET /api/cs/internal-user': SUPERVISORS,
  'PUT /api/cs/internal-user': ADMINS,
  'DELETE /api/cs/internal-user': ADMINS,
  'POST /api/cs/internal-user/import': ADMINS,
  // Customers (§6: SAD, ADC, ADB); the chat panel's three calls reach the room's customer only.
  'GET /api/cs/customers': ADMINS,
  'GET /api/cs/customers/byPhoneNumber': INBOX,
  'GET /api/cs/customers/phoneNumber': ADMINS,
  'POST /api/cs/customers': INBOX,
  'PUT /api/cs/customers': ADMINS,
  'GET /api/cs/customers/tags': ADMINS,
  'GET /api/cs/customers/data/tags': ADMINS,
  'GET /api/cs/customers/data/message': INBOX,
  'GET /api/cs/customers/exportToCsv': ADMINS,
  'POST /api/cs/customers/import': ADMINS,
  'GET /api/cs/customers/import/:id': ADMINS,
  'POST /api/cs/customers/delete': ADMINS,
  'GET /api/cs/tag/list': INBOX,
  'POST /api/cs/tag/list': ADMINS,
  'PUT /api/cs/tag/list': ADMINS,
  'DELETE /api/cs/tag/list': ADMINS,
  'POST /api/cs/tag/list/insert': ADMINS,
  'POST /api/cs/exportCustomer': ADMINS,
  'GET /api/cs/exportCustomer': ADMINS,
  'GET /api/cs/exportCustomer/download': ADMINS,
  // Chat rooms and chat (§6: chat roles; history of chat role CS limited to its csId by the service).
  'GET /api/cs/chatRoom': INBOX,
  'GET /api/cs/chatRoom/bot': INBOX,
  'DELETE /api/cs/chatRoom': INBOX,
  'GET /api/cs/chatRoom/info': INBOX,
  'GET /api/cs/chatRoom/detail': INBOX,
  'POST /api/cs/chatRoom/transfer': INBOX,
  'POST /api/cs/chatRoom/transfer/by-tag': INBOX,
  'POST /api/cs/chatRoom/bot/transfer': INBOX,
  'POST /api/cs/chatRoom/bot/transfer/by-tag': INBOX,
  'POST /api/cs/chatRoom/priority': INBOX,
  'POST /api/cs/chatRoom/category': INBOX,
  'GET /api/cs/chatRoom/history': INBOX,
  'POST /api/cs/chatRoom/history': INBOX,
  'GET /api/cs/chatRoom/history/export': INBOX,
  'GET /api/cs/chatRoom/exportToCsv': INBOX,
  'POST /api/cs/chatRoomInternal': INBOX,
  'GET /api/cs/chatRoomInternal': INBOX,
  // Tickets (decision 0037): agents follow their own conversations; the daily chart is the supervisors'.
  'GET /api/cs/tickets': INBOX,
  'GET /api/cs/tickets/detail': INBOX,
  'POST /api/cs/tickets': INBOX,
  'PUT /api/cs/tickets': INBOX,
  'GET /api/cs/tickets/daily': SUPERVISORS,
  // Chat groups: the super admin's (spec §6 route guard of /customerService/chatGroup).
  'GET /api/cs/chatGroup': GROUPS,
  'GET /api/cs/chatGroup/detail': GROUPS,
  'POST /api/cs/chatGroup': GROUPS,
  'PUT /api/cs/chatGroup': GROUPS,
  'POST /api/cs/chatGroups': GROUPS,
  'PATCH /api/cs/chatGroups': GROUPS,
  'GET /api/cs/chatGroup/messages': GROUPS,
  'POST /api/cs/chatGroup/messages': GROUPS,
  'PUT /api/cs/chatGroup/markRead': GROUPS,
  'PUT /api/cs/chatGroup/sync': GROUPS,
  'GET /api/cs/chat': INBOX,
  'GET /api/cs/chat/internal': INBOX,
  'GET /api/cs/chat/id': INBOX,
  'GET /api/cs/chat/checkPoint': INBOX,
  'POST /api/cs/chat': INBOX,
  'POST /api/cs/chat/note': INBOX,
  'POST /api/cs/chat/typing': INBOX,
  'POST /api/cs/chat/image': INBOX,
  'GET /api/cs/chat/window': INBOX,
  'POST /api/cs/chat/template': INBOX,
  'GET /api/cs/image': INBOX,
  'PUT /api/cs/chat/markRead': INBOX,
  'GET /api/cs/chat/last/customer': INBOX,
  'GET /api/cs/exports': INBOX,
  'GET /api/cs/exports/:id': INBOX,
  'POST /api/cs/exportChatroomHistory': INBOX,
  'GET /api/cs/exportChatroomHistory': INBOX,
  'GET /api/cs/exportChatroomHistory/download': INBOX,
  // Supervision: the bot queue and the dashboards.
  'PUT /api/cs/chatRoom/bot': SUPERVISORS,
  'DELETE /api/cs/chatRoom/bot': SUPERVISORS,
  'PUT /api/cs/strategy/distribute': SUPERVISORS,
  'GET /api/cs/dashboard': SUPERVISORS,
  'GET /api/cs/dashboard/realtime-status': SUPERVISORS,
  'GET /api/cs/dashboard/daily-active-customer': SUPERVISORS,
  'GET /api/cs/dashboard/daily': SUPERVISORS,
  'GET /api/cs/dashboard/response-times': SUPERVISORS,
  'GET /api/cs/dashboard/response-times/export': SUPERVISORS,
  // CS availability (business hours, agents' schedules): CS config, the admins' (spec §6).
  'GET /api/cs/cs-availability': ADMINS,
  'POST /api/cs/cs-availability': ADMINS,
  'PUT /api/cs/cs-availability': ADMINS,
  'DELETE /api/cs/cs-availability': ADMINS,
  'GET /api/cs/auto-reply': ADMINS,
  'POST /api/cs/auto-reply': ADMINS,
  // Analytics (decision 0038): dashboards for supervisors, the Metabase settings for admins, email
  // pulse for the super admin (spec §6).
  'GET /api/cs/analytics': SUPERVISORS,
  'PUT /api/cs/analytics': SUPERVISORS,
  'DELETE /api/cs/analytics': SUPERVISORS,
  'GET /api/cs/dashboard/analytics': SUPERVISORS,
  'PUT /api/cs/dashboard/analytics': SUPERVISORS,
  'GET /api/cs/dashboard/chatbotDashboard': SUPERVISORS,
  'GET /api/cs/analytics/metabase': SUPERVISORS,
  'PUT /api/cs/analytics/metabase': ADMINS,
  'GET /api/cs/email-pulse': { roles: ['SAD'] },
  'POST /api/cs/email-pulse': { roles: ['SAD'] },
  'PUT /api/cs/email-pulse': { roles: ['SAD'] },
  'PUT /api/cs/email-pulse/change-status': { roles: ['SAD'] },
};

type Caller = { role: RoleCode; chatRole: ChatRole | null };
/** Every portal role, without and with each chat role (decision 0009 links agents to any user). */
const CALLERS: Caller[] = ROLE_CODES.flatMap((role) =>
  [null, ...CHAT_ROLES].map((chatRole) => ({ role, chatRole })),
);
const expectedAdmits = (expected: Expected, caller: Caller) =>
  expected.roles.includes(caller.role) ||
  (caller.chatRole !== null && (expected.chatRoles ?? []).includes(caller.chatRole));
const label = (caller: Caller) => `${caller.role}${caller.chatRole ? `/${caller.chatRole}` : ''}`;

/** Callers a rule admits that the table does not expect, and expected ones it refuses. */
function ruleMismatches(rule: AccessRule | undefined, expected: Expected) {
  if (!rule) return { extra: ['(no rule)'], missing: [] };
  return {
    extra: CALLERS.filter((c) => admitsCaller(rule, c) && !expectedAdmits(expected, c)).map(label),
    missing: CALLERS.filter((c) => !admitsCaller(rule, c) && expectedAdmits(expected, c)).map(label),
  };
}

const key = (route: RouteAccess) => `${route.method} ${route.url}`;

/** The routes whose rule differs from the table: callers let in or kept out, or another feature. */
function wrongRoutes(routes: RouteAccess[]) {
  return routes
    .map((route) => {
      const expected = EXPECTED[key(route)]!;
      const mismatch = ruleMismatches(route.rule, expected);
      const feature = route.rule?.kind === 'authenticated' ? (route.rule.feature ?? null) : null;
      const expectedFeature = expected.feature === undefined ? 'CS' : expected.feature;
      return { route: key(route), ...mismatch, feature: feature === expectedFeature ? 'ok' : feature };
    })
    .filter((row) => row.extra.length > 0 || row.missing.length > 0 || row.feature !== 'ok');
}

describe('role × operation matrix of /api/cs (spec §6)', () => {
  let sapa: TestApp;
  let routes: RouteAccess[];

  beforeAll(async () => {
    sapa = await createTestApp();
    routes = sapa.app
      .routeAccess()
      .filter((route) => route.url.startsWith('/api/cs') && route.method !== 'HEAD');
  });
  afterAll(async () => sapa?.close());

  it('has an expected rule for every /api/cs route the app registers, and no stale entries', () => {
    const registered = routes.map(key);
    expect(registered.length).toBeGreaterThan(80);
    expect(registered.filter((route) => !Object.hasOwn(EXPECTED, route))).toEqual([]);
    expect(Object.keys(EXPECTED).filter((route) => !registered.includes(route))).toEqual([]);
  });

  it('gives each route a rule that admits exactly the expected roles and chat roles', () => {
    expect(wrongRoutes(routes)).toEqual([]);
  });

  it('fails for a route of the table given a wrong rule', () => {
    // The same check as above on the app's own route table, with one route's rule swapped.
    const withRule = (operation: string, rule: AccessRule | undefined) => {
      expect(
        routes.some((route) => key(route) === operation),
        operation,
      ).toBe(true);
      return wrongRoutes(routes.map((route) => (key(route) === operation ? { ...route, rule } : route)));
    };
    // Too loose: customers opened to the inbox (defect 4 of issue 11).
    const loose = withRule('PUT /api/cs/customers', csAccess.inbox);
    expect(loose.map((row) => row.route)).toEqual(['PUT /api/cs/customers']);
    expect(loose[0]!.extra).toEqual(expect.arrayContaining(['USV', 'USP/CS', 'USR/INTERNAL']));
    // Too tight: the chat closed to agents.
    const tight = withRule('GET /api/cs/chat', csAccess.admins);
    expect(tight.map((row) => row.route)).toEqual(['GET /api/cs/chat']);
    expect(tight[0]!.missing).toEqual(expect.arrayContaining(['USV', 'USC/CS', 'USP/INTERNAL']));
    // The right roles without the CS feature; no rule at all.
    const featureless: AccessRule = { kind: 'authenticated', roles: ADMINS.roles };
    expect(withRule('GET /api/cs/customers', featureless)).toEqual([
      { route: 'GET /api/cs/customers', extra: [], missing: [], feature: null },
    ]);
    expect(withRule('GET /api/cs/customers/data/message', undefined).map((row) => row.extra)).toEqual([
      ['(no rule)'],
    ]);
  });

  it('notices a rule that admits a role the table does not', () => {
    // The check above is only as good as this comparison: a loosened rule must show up in it.
    const loosened: AccessRule = {
      kind: 'authenticated',
      feature: 'CS',
      roles: ['SAD', 'ADC', 'ADB', 'USR'],
    };
    expect(ruleMismatches(loosened, ADMINS)).toEqual({
      extra: ['USR', 'USR/CS', 'USR/SPV', 'USR/INTERNAL'],
      missing: [],
    });
    const featureOnly: AccessRule = { kind: 'authenticated', feature: 'CS' };
    expect(ruleMismatches(featureOnly, INBOX).extra).toContain('USP');
  });

  describe('by real requests of each demo role', () => {
    // The demo client has one user per role; usc and use carry chat role CS, usv chat role SPV.
    const demoChatRole: Partial<Record<RoleCode, ChatRole>> = { USC: 'CS', USE: 'CS', USV: 'SPV' };
    const users = {} as Record<RoleCode, LoggedIn>;
    // Bodies that fail validation: an admitted caller gets 400 or 404, a refused one 403, nothing changes.
    const SAMPLE: { op: string; request: InjectOptions }[] = [
      { op: 'GET /api/cs/customers', request: { method: 'GET', url: '/api/cs/customers' } },
      {
        op: 'POST /api/cs/customers',
        request: { method: 'POST', url: '/api/cs/customers', payload: { name: 1 } },
      },
      {
        op: 'PUT /api/cs/customers',
        request: { method: 'PUT', url: '/api/cs/customers', payload: { csId: 1 } },
      },
      {
        op: 'GET /api/cs/customers/data/message',
        request: { method: 'GET', url: '/api/cs/customers/data/message?contactNumber=6281299990000' },
      },
      {
        op: 'POST /api/cs/chatRoomInternal',
        request: { method: 'POST', url: '/api/cs/chatRoomInternal', payload: {} },
      },
      {
        op: 'POST /api/cs/exportChatroomHistory',
        request: { method: 'POST', url: '/api/cs/exportChatroomHistory', payload: { asType: 'pdf' } },
      },
      { op: 'GET /api/cs/chat', request: { method: 'GET', url: '/api/cs/chat?id=nope' } },
      {
        op: 'GET /api/cs/dashboard/daily',
        request: { method: 'GET', url: '/api/cs/dashboard/daily?from=x' },
      },
      {
        op: 'PUT /api/cs/configuration/defaultBot',
        request: { method: 'PUT', url: '/api/cs/configuration/defaultBot', payload: {} },
      },
      {
        op: 'PUT /api/cs/chatTemplate',
        request: { method: 'PUT', url: '/api/cs/chatTemplate', payload: {} },
      },
      {
        op: 'PUT /api/cs/customerService/status',
        request: { method: 'PUT', url: '/api/cs/customerService/status', payload: { status: 'asleep' } },
      },
      { op: 'GET /api/cs/tag/list', request: { method: 'GET', url: '/api/cs/tag/list?pageNumber=0' } },
    ];

    beforeAll(async () => {
      for (const role of ROLE_CODES) users[role] = await logIn(sapa.app, `${role.toLowerCase()}@demo.test`);
    });

    it.each(SAMPLE)('$op answers 403 exactly to the roles the table refuses', async ({ op, request }) => {
      const expected = EXPECTED[op]!;
      const outcomes = [];
      for (const role of ROLE_CODES) {
        const response = await sapa.app.inject({ ...request, headers: users[role].headers });
        const refused = response.statusCode === 403 && errorCode(response) === 'forbidden';
        const admitted = expectedAdmits(expected, { role, chatRole: demoChatRole[role] ?? null });
        outcomes.push({ role, refused, status: response.statusCode, ok: refused !== admitted });
      }
      expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([]);
    });
  });
});
