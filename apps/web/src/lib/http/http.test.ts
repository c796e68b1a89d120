import { notifications } from '@mantine/notifications';
import { INTEGRITY_FAILURE_MESSAGE } from '@sapa/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, errorResponse, jsonResponse, mockFetch, signBody } from '../../test/fetch-mock';
import { buildSession } from '../../test/session-fixture';
import { useSessionStore } from '../session';
import { ApiError, NETWORK_ERROR } from './api-error';
import { http } from './http';

function signIn(overrides: Parameters<typeof buildSession>[0] = {}) {
  useSessionStore.setState({ session: buildSession(overrides), csrfToken: null });
}

let now = 1_000_000;

beforeEach(() => {
  useSessionStore.setState({ session: null, csrfToken: null });
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
