import { notifications } from '@mantine/notifications';
import { AGENT_OFFLINE_PATH, INTEGRITY_FAILURE_MESSAGE } from '@sapa/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, errorResponse, jsonResponse, mockFetch, signBody } from '../../test/fetch-mock';
import { buildSession } from '../../test/session-fixture';
import { realtime } from '../realtime';
import { useSessionStore } from '../session';
import { onTrialExpired } from './access-events';
import { ApiError, NETWORK_ERROR } from './api-error';
import { API_METRICS_PATH } from './api-metrics';
import { apiMetrics, http } from './http';
import { registerLoginNavigation } from './session-expiry';

function signIn(overrides: Parameters<typeof buildSession>[0] = {}) {
  useSessionStore.setState({ session: buildSession(overrides), csrfToken: null });
}

let now = 1_000_000;

beforeEach(() => {
  useSessionStore.setState({ session: null, csrfToken: null });
  // Timings of the previous test must not be posted into this one.
  apiMetrics.discard();
  // The expired-session notice is throttled on the clock: every test starts well after the last one.
  now += 60_000;
  vi.spyOn(Date, 'now').mockImplementation(() => now);
  vi.spyOn(notifications, 'show').mockImplementation(() => 'session-expired');
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('http client', () => {
  it('sends the bearer token and the stored CSRF token on every request', async () => {
    signIn({ token: 'token-abc' });
    useSessionStore.getState().setCsrfToken('csrf-1');
    const { requests } = mockFetch(() => jsonResponse(200, { ok: true }));

    await http.get('/api/users/me');
    await http.post('/api/things', { name: 'x' });

    for (const request of requests) {
      expect(request.headers.get('authorization')).toBe('Bearer token-abc');
      expect(request.headers.get('x-csrf-token')).toBe('csrf-1');
    }
    expect(requests[1]).toMatchObject({ method: 'POST', body: { name: 'x' } });
    expect(requests[1]?.headers.get('content-type')).toBe('application/json');
  });

  it('stores the CSRF token of any response, even an error, and sends it next time', async () => {
    signIn();
    const { requests } = mockFetch((request) =>
      request.path === '/api/first'
        ? new Response(JSON.stringify({ error: { code: 'nope', message: 'Nope' } }), {
            status: 400,
            headers: { 'content-type': 'application/json', 'x-csrf-token': 'csrf-from-server' },
          })
        : jsonResponse(200, {}),
    );

    await expect(http.get('/api/first')).rejects.toBeInstanceOf(ApiError);
    expect(useSessionStore.getState().csrfToken).toBe('csrf-from-server');
    await http.put('/api/second', { a: 1 });

    expect(requests[1]?.headers.get('x-csrf-token')).toBe('csrf-from-server');
  });

  it('sends no bearer token on login page calls', async () => {
    const { requests } = mockFetch(() => jsonResponse(200, {}));

    await http.get('/api/auth/publicKey', { anonymous: true });

    expect(requests[0]?.headers.has('authorization')).toBe(false);
  });

  it('turns the server error body into an ApiError with status, code and message', async () => {
    signIn();
    mockFetch(() => errorResponse(404, 'room_not_found', 'Room not found'));

    const error = await http.get('/api/cs/chatRoom/detail').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'room_not_found', message: 'Room not found' });
  });

  it('reports an unreachable server as a network error', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));

    await expect(http.get('/api/anything')).rejects.toMatchObject({ status: 0, code: NETWORK_ERROR });
  });

  it('encodes query parameters and leaves out empty ones', async () => {
    const { requests } = mockFetch(() => jsonResponse(200, []));

    await http.get('/api/users', { query: { pageSize: 10, q: 'a b', lastEvaluatedKey: undefined } });

    expect(requests[0]?.path).toBe('/api/users?pageSize=10&q=a+b');
  });
});

describe('response integrity', () => {
  it('accepts a response whose hash matches the session integrity key', async () => {
    signIn({ integrityKey: 'k-123' });
    const body = signBody({ userId: 'u1', nested: { b: 2, a: [1, 'ü'] } }, 'k-123');
    mockFetch(() => jsonResponse(200, body));

    await expect(http.get('/api/users/me')).resolves.toEqual(body);
  });

  it('rejects a response whose hash does not match with "response is not trusted"', async () => {
    signIn({ integrityKey: 'k-123' });
    const body = { ...signBody({ userId: 'u1' }, 'k-123'), userId: 'tampered' };
    mockFetch(() => jsonResponse(200, body));

    const error = await http.get('/api/users/me').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(INTEGRITY_FAILURE_MESSAGE);
    expect(INTEGRITY_FAILURE_MESSAGE).toBe('response is not trusted');
  });

  it('rejects a response signed with another key', async () => {
    signIn({ integrityKey: 'k-123' });
    mockFetch(() => jsonResponse(200, signBody({ userId: 'u1' }, 'someone-else')));

    await expect(http.get('/api/users/me')).rejects.toThrow('response is not trusted');
  });

  it('checks a login answer with the integrity key that answer carries', async () => {
    const answer = signBody({ token: 't', integrityKey: 'fresh-key' }, 'fresh-key');
    mockFetch(() => jsonResponse(200, answer));
    const fromBody = (body: Record<string, unknown>) => body.integrityKey as string;

    await expect(
      http.post('/api/auth/login', {}, { anonymous: true, integrityKey: fromBody }),
    ).resolves.toEqual(answer);

    mockFetch(() => jsonResponse(200, { ...answer, token: 'swapped' }));
    await expect(
      http.post('/api/auth/login', {}, { anonymous: true, integrityKey: fromBody }),
    ).rejects.toThrow('response is not trusted');
  });

  it('accepts an unhashed response', async () => {
    signIn();
    mockFetch(() => jsonResponse(200, { plain: true }));

    await expect(http.get('/api/plain')).resolves.toEqual({ plain: true });
  });
});

describe('expired access token', () => {
  function refreshAnswer(token: string) {
    return signBody(
      { token, refreshToken: `refresh-for-${token}`, expiryTime: now + 900_000 },
      'integrity-key-1',
    );
  }

  it('refreshes once for concurrent 401s and replays every request with the new token', async () => {
    signIn({ token: 'old', refreshToken: 'refresh-old' });
    const refreshGate = deferred<void>();
    const { requests } = mockFetch(async (request) => {
      if (request.path === '/api/auth/refreshAccessToken') {
        await refreshGate.promise;
        return jsonResponse(200, refreshAnswer('new'));
      }
      if (request.headers.get('authorization') === 'Bearer new')
        return jsonResponse(200, { path: request.path });
      return errorResponse(401, 'token_expired', 'Token expired');
    });

    const calls = Promise.all([http.get('/api/a'), http.get('/api/b'), http.post('/api/c', { x: 1 })]);
    await vi.waitFor(() =>
      expect(requests.filter((r) => r.path === '/api/auth/refreshAccessToken')).toHaveLength(1),
    );
    refreshGate.resolve();

    await expect(calls).resolves.toEqual([{ path: '/api/a' }, { path: '/api/b' }, { path: '/api/c' }]);
    const refreshes = requests.filter((r) => r.path === '/api/auth/refreshAccessToken');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.body).toEqual({ refreshToken: 'refresh-old' });
    expect(refreshes[0]?.headers.get('authorization')).toBe('Bearer old');
    expect(
      requests.filter((r) => r.headers.get('authorization') === 'Bearer new').map((r) => r.path),
    ).toEqual(expect.arrayContaining(['/api/a', '/api/b', '/api/c']));
    expect(useSessionStore.getState().session).toMatchObject({
      token: 'new',
      refreshToken: 'refresh-for-new',
    });
  });

  it('replays without another refresh a 401 that arrives after the token was already renewed', async () => {
    signIn({ token: 'old' });
    const slowAnswer = deferred<void>();
    const { requests } = mockFetch(async (request) => {
      if (request.path === '/api/auth/refreshAccessToken') return jsonResponse(200, refreshAnswer('new'));
      if (request.headers.get('authorization') === 'Bearer new')
        return jsonResponse(200, { ok: request.path });
      if (request.path === '/api/slow') await slowAnswer.promise;
      return errorResponse(401, 'token_expired', 'Token expired');
    });

    const slow = http.get('/api/slow');
    await http.get('/api/fast');
    slowAnswer.resolve();

    await expect(slow).resolves.toEqual({ ok: '/api/slow' });
    expect(requests.filter((r) => r.path === '/api/auth/refreshAccessToken')).toHaveLength(1);
  });

  it('does not retry a replayed request that is refused again', async () => {
    signIn({ token: 'old' });
    const { requests } = mockFetch((request) =>
      request.path === '/api/auth/refreshAccessToken'
        ? jsonResponse(200, refreshAnswer('new'))
        : errorResponse(401, 'unauthorized', 'Still not allowed'),
    );

    await expect(http.get('/api/guarded')).rejects.toMatchObject({
      status: 401,
      message: 'Still not allowed',
    });

    expect(requests.map((r) => r.path)).toEqual([
      '/api/guarded',
      '/api/auth/refreshAccessToken',
      '/api/guarded',
    ]);
    expect(useSessionStore.getState().session?.token).toBe('new');
  });

  it('ends the session with the expired notice when the refresh fails', async () => {
    signIn({ token: 'old' });
    const { requests } = mockFetch((request) =>
      request.path === '/api/auth/refreshAccessToken'
        ? errorResponse(401, 'refresh_token_invalid', 'Refresh token is invalid')
        : errorResponse(401, 'token_expired', 'Token expired'),
    );

    const results = await Promise.allSettled([http.get('/api/a'), http.get('/api/b')]);

    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(requests.filter((r) => r.path === '/api/auth/refreshAccessToken')).toHaveLength(1);
    expect(useSessionStore.getState().session).toBeNull();
    expect(notifications.show).toHaveBeenCalledTimes(1);
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Session Expired',
        message: 'Your session has expired',
        autoClose: 5000,
      }),
    );
  });

  it('ends the session when the refresh answer is not trusted', async () => {
    signIn({ token: 'old' });
    mockFetch((request) =>
      request.path === '/api/auth/refreshAccessToken'
        ? jsonResponse(200, { ...refreshAnswer('new'), token: 'forged' })
        : errorResponse(401, 'token_expired', 'Token expired'),
    );

    await expect(http.get('/api/a')).rejects.toMatchObject({ status: 401 });
    expect(useSessionStore.getState().session).toBeNull();
  });

  it('shows the expired notice at most once every 6 seconds', async () => {
    mockFetch((request) =>
      request.path === '/api/auth/refreshAccessToken'
        ? errorResponse(401, 'refresh_token_invalid', 'Refresh token is invalid')
        : errorResponse(401, 'token_expired', 'Token expired'),
    );

    signIn();
    await http.get('/api/a').catch(() => undefined);
    now += 3_000;
    signIn();
    await http.get('/api/a').catch(() => undefined);
    expect(notifications.show).toHaveBeenCalledTimes(1);

    now += 3_000;
    signIn();
    await http.get('/api/a').catch(() => undefined);
    expect(notifications.show).toHaveBeenCalledTimes(2);
  });

  it('does not intercept a 401 on login page calls', async () => {
    const { requests } = mockFetch(() =>
      errorResponse(401, 'invalid_credentials', 'Invalid username or password'),
    );

    await expect(http.post('/api/auth/login', { username: 'a' }, { anonymous: true })).rejects.toMatchObject({
      status: 401,
      message: 'Invalid username or password',
    });
    expect(requests).toHaveLength(1);
    expect(notifications.show).not.toHaveBeenCalled();
  });
});

describe('the expiry sequence', () => {
  it('sets a CS agent offline, resets the state, shows the notice, goes to login and closes the socket, in that order', async () => {
    signIn({ token: 'old', features: ['CS', 'OTP'] });
    const steps: string[] = [];
    const { requests } = mockFetch((request) => {
      if (request.path === AGENT_OFFLINE_PATH) {
        steps.push(`offline with ${request.headers.get('authorization')}`);
        return jsonResponse(200, {});
      }
      return request.path === '/api/auth/refreshAccessToken'
        ? errorResponse(401, 'refresh_token_invalid', 'Refresh token is invalid')
        : errorResponse(401, 'token_expired', 'Token expired');
    });
    const stopWatching = useSessionStore.subscribe((state) => {
      if (!state.session) steps.push('state reset');
    });
    vi.mocked(notifications.show).mockImplementation(() => {
      steps.push('notice');
      return 'session-expired';
    });
    const stopNavigation = registerLoginNavigation((path) => steps.push(`go to ${path}`));
    vi.spyOn(realtime, 'close').mockImplementation(() => {
      steps.push('socket closed');
    });

    await http.get('/api/a').catch(() => undefined);
    stopWatching();
    stopNavigation();

    expect(steps).toEqual(['offline with Bearer old', 'state reset', 'notice', 'go to /', 'socket closed']);
    expect(requests.find((request) => request.path === AGENT_OFFLINE_PATH)?.method).toBe('PUT');
  });

  it('does not call the agent status of a client without CS', async () => {
    signIn({ features: ['OTP'] });
    const { requests } = mockFetch((request) =>
      request.path === '/api/auth/refreshAccessToken'
        ? errorResponse(401, 'refresh_token_invalid', 'Refresh token is invalid')
        : errorResponse(401, 'token_expired', 'Token expired'),
    );

    await http.get('/api/a').catch(() => undefined);

    expect(useSessionStore.getState().session).toBeNull();
    expect(requests.some((request) => request.path === AGENT_OFFLINE_PATH)).toBe(false);
  });
});

describe('trial expiry answers', () => {
  it('reports a trial_expired answer to the shell and still rejects the call', async () => {
    signIn();
    mockFetch(() => errorResponse(403, 'trial_expired', 'The trial of this client expired on 2026-01-31.'));
    const listener = vi.fn();
    const stop = onTrialExpired(listener);

    await expect(http.get('/api/otp/summary')).rejects.toMatchObject({ status: 403, code: 'trial_expired' });
    stop();

    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('does not report other refusals', async () => {
    signIn();
    mockFetch(() =>
      errorResponse(403, 'feature_disabled', 'The SMS feature is not enabled for this client.'),
    );
    const listener = vi.fn();
    const stop = onTrialExpired(listener);

    await http.get('/api/sms').catch(() => undefined);
    stop();

    expect(listener).not.toHaveBeenCalled();
  });
});

describe('API metrics', () => {
  beforeEach(() => {
    apiMetrics.discard();
  });

  it('posts the timings of calls in one batch once calls have been quiet for 500 ms', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      signIn({ role: 'ADC', clientId: 'client-1' });
      const { requests } = mockFetch((request) =>
        request.path === '/api/missing'
          ? errorResponse(404, 'nope', 'Nope')
          : jsonResponse(200, { saved: 3 }),
      );

      await http.get('/api/users/me?x=1');
      await vi.advanceTimersByTimeAsync(400);
      await http.get('/api/missing').catch(() => undefined);
      await vi.advanceTimersByTimeAsync(400);
      expect(requests.filter((request) => request.path === API_METRICS_PATH)).toHaveLength(0);

      await vi.advanceTimersByTimeAsync(150);

      const posts = requests.filter((request) => request.path === API_METRICS_PATH);
      expect(posts).toHaveLength(1);
      expect(posts[0]?.method).toBe('POST');
      const { apis } = (posts[0]?.body ?? { apis: [] }) as { apis: Array<Record<string, unknown>> };
      expect(apis).toEqual([
        expect.objectContaining({
          endpoint: '/api/users/me',
          role: 'ADC',
          status: 200,
          clientId: 'client-1',
        }),
        expect.objectContaining({ endpoint: '/api/missing', role: 'ADC', status: 404, clientId: 'client-1' }),
      ]);
      expect(typeof apis[0]?.duration).toBe('number');

      // The metrics call itself is not measured: nothing more is posted.
      await vi.advanceTimersByTimeAsync(2_000);
      expect(requests.filter((request) => request.path === API_METRICS_PATH)).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('swallows a failed metrics post without a notice or an error', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      signIn();
      const { requests } = mockFetch((request) =>
        request.path === API_METRICS_PATH
          ? errorResponse(500, 'internal_error', 'Metrics are down')
          : jsonResponse(200, { ok: true }),
      );

      await expect(http.get('/api/users/me')).resolves.toEqual({ ok: true });
      await vi.advanceTimersByTimeAsync(600);

      expect(requests.filter((request) => request.path === API_METRICS_PATH)).toHaveLength(1);
      expect(notifications.show).not.toHaveBeenCalled();
      expect(useSessionStore.getState().session).not.toBeNull();
    } finally {
      vi.useRealTimers();
      await new Promise((resolve) => setTimeout(resolve, 0));
      process.off('unhandledRejection', unhandled);
    }
    expect(unhandled).not.toHaveBeenCalled();
  });

  it('records nothing for calls made without a session', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { requests } = mockFetch(() => jsonResponse(200, {}));

      await http.get('/api/auth/publicKey', { anonymous: true });
      await vi.advanceTimersByTimeAsync(600);

      expect(requests.map((request) => request.path)).toEqual(['/api/auth/publicKey']);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('file transfer', () => {
  it('uploads form data as multipart, with the bearer and without a JSON content type', async () => {
    signIn({ token: 'token-up' });
    const { requests } = mockFetch(() => jsonResponse(200, { imported: 2 }));
    const form = new FormData();
    form.append('file', new Blob(['name,email\n'], { type: 'text/csv' }), 'agents.csv');

    await expect(http.upload('/api/cs/customerService/import', form)).resolves.toEqual({ imported: 2 });

    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer token-up');
    expect(requests[0]?.headers.get('content-type')).toBeNull();
    const sent = requests[0]?.body;
    expect(sent).toBeInstanceOf(FormData);
    expect((sent as FormData).get('file')).toBeInstanceOf(Blob);
  });

  it('downloads a file with the name the server gives, and reads an error answer as an error', async () => {
    signIn();
    mockFetch((request) =>
      request.path.startsWith('/api/export')
        ? new Response('id,name\n1,Rina\n', {
            status: 200,
            headers: {
              'content-type': 'text/csv',
              'content-disposition': `attachment; filename="x.csv"; filename*=UTF-8''riwayat%20chat.csv`,
            },
          })
        : errorResponse(404, 'not_found', 'Export not found'),
    );

    const file = await http.download('/api/export', { query: { id: 'a' } });
    expect(file.fileName).toBe('riwayat chat.csv');
    expect(await file.blob.text()).toBe('id,name\n1,Rina\n');

    await expect(http.download('/api/missing')).rejects.toMatchObject({
      status: 404,
      message: 'Export not found',
    });
  });
});
