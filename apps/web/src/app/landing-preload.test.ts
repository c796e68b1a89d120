import { CS_CONFIG_DEFAULTS, type Session } from '@sapa/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatKeys, EMPTY_FILTER } from '../features/chat/api/chat-keys';
import {
  forgetGuardSubscription,
  loadSubscriptionForGuard,
} from '../features/subscription/api/get-subscription';
import { useSessionStore } from '../lib/session';
import { buildRoom } from '../test/chat-fixtures';
import { errorResponse, jsonResponse, mockFetch, type SentRequest } from '../test/fetch-mock';
import { buildSession } from '../test/session-fixture';
import { preloadLanding } from './landing-preload';
import { createQueryClient } from './query-client';

const SUBSCRIPTION = { clientId: 'client-1', isTrial: false, expiredAt: -1, chatRole: 'CS' };

/** What the preload asked the server, without the API timings the HTTP layer posts on its own. */
function calls(requests: SentRequest[]): string[] {
  return requests
    .map((request) => request.path.split('?')[0] ?? '')
    .filter((path) => !path.startsWith('/api/metrics'));
}

function server() {
  return mockFetch((request: SentRequest) => {
    const path = request.path.split('?')[0];
    if (path === '/api/cs/subscriptions/me') return jsonResponse(200, SUBSCRIPTION);
    if (path === '/api/cs/chatRoom')
      return jsonResponse(200, { items: [buildRoom()], lastEvaluatedKey: null });
    if (path === '/api/cs/configuration')
      return jsonResponse(200, { clientId: 'client-1', config: CS_CONFIG_DEFAULTS, defaultBot: null });
    if (path === '/api/cs/roomCategory') return jsonResponse(200, { items: [] });
    if (path === '/api/cs/customerService/tags') return jsonResponse(200, { tags: ['vip'] });
    if (path === '/api/cs/customerService') return jsonResponse(200, { items: [], total: 0 });
    return errorResponse(404, 'not_found', path ?? '');
  });
}

const agent = buildSession({
  role: 'USC',
  chatRole: 'CS',
  csId: 'cs-1',
  features: ['CS'],
  mainFeature: 'CS',
});

beforeEach(() => {
  forgetGuardSubscription();
  useSessionStore.setState({ session: agent, csrfToken: null });
});

afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.setState({ session: null, csrfToken: null });
});

describe('preloading the landing screen after sign-in', () => {
  it("starts the agent's chat screen, its room list and the guard's subscription read at once", async () => {
    const { requests } = server();
    const queryClient = createQueryClient();
    const chat = vi.fn(async () => ({}));
    const userList = vi.fn(async () => ({}));

    expect(preloadLanding(agent, queryClient, { chat, userList })).toBe('/customerService/chat');

    expect(chat).toHaveBeenCalledTimes(1);
    expect(userList).not.toHaveBeenCalled();
    // The guard then asks for the subscription already on its way: one read between them.
    expect(await loadSubscriptionForGuard(agent.clientId)).toEqual(SUBSCRIPTION);
    await vi.waitFor(
      () =>
        expect(queryClient.getQueryData(chatKeys.roomList(EMPTY_FILTER))).toMatchObject({
          pages: [{ items: [{ id: buildRoom().id }] }],
        }),
      { timeout: 15_000 },
    );
    expect(queryClient.getQueryData(chatKeys.configuration())).toEqual(CS_CONFIG_DEFAULTS);
    expect(calls(requests).sort()).toEqual([
      '/api/cs/chatRoom',
      '/api/cs/configuration',
      '/api/cs/customerService',
      '/api/cs/customerService/tags',
      '/api/cs/roomCategory',
      '/api/cs/subscriptions/me',
    ]);
    expect(queryClient.getQueryData(chatKeys.tags())).toEqual(['vip']);
    // The list the workspace opens with is the one preloaded: same key, same query.
    expect(
      new URLSearchParams(
        requests.find((r) => r.path.startsWith('/api/cs/chatRoom?'))?.path.split('?')[1],
      ).get('status'),
    ).toBe('all');
  });

  it('loads only the code of a landing screen that has no data to preload', async () => {
    const { requests } = server();
    const admin = buildSession({ role: 'ADU', features: ['CS'] });
    useSessionStore.setState({ session: admin });
    const chat = vi.fn(async () => ({}));
    const userList = vi.fn(async () => ({}));

    expect(preloadLanding(admin, createQueryClient(), { chat, userList })).toBe('/users');

    expect(userList).toHaveBeenCalledTimes(1);
    expect(chat).not.toHaveBeenCalled();
    await loadSubscriptionForGuard(admin.clientId);
    expect(calls(requests)).toEqual(['/api/cs/subscriptions/me']);
  });

  it('preloads nothing for a session the guard does not know', () => {
    const { requests } = server();
    const chat = vi.fn(async () => ({}));
    expect(
      preloadLanding(buildSession({ role: 'XYZ' as Session['role'] }), createQueryClient(), { chat }),
    ).toBeNull();
    expect(chat).not.toHaveBeenCalled();
    expect(requests).toHaveLength(0);
  });
});
