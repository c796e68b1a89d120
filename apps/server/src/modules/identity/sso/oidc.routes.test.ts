import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InjectOptions } from 'fastify';
import { exportJWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type LoggedIn, logIn, ssoFailure, type TestApp } from '../../../test/test-app.js';

const PUBLIC_URL = 'https://portal.example.com';
const CLIENT_ID = 'sapa-portal';
const CLIENT_SECRET = 'oidc-test-secret';

/**
 * A small OpenID Connect provider on this machine: discovery, JWKS and a token endpoint that answers
 * an RS256-signed ID token for the code the test "authorized".
 */
function startProvider() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const codes = new Map<string, { email: string; nonce: string; verified: boolean }>();
  let issuer = '';
  const server: Server = createServer(async (request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.url === '/.well-known/openid-configuration') {
      return send(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (request.url === '/jwks') {
      return send(200, { keys: [{ ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }] });
    }
    if (request.url === '/token' && request.method === 'POST') {
      let raw = '';
      for await (const chunk of request) raw += chunk;
      const form = new URLSearchParams(raw);
      // Client authentication as providers take it: HTTP Basic or the form's client_id/client_secret.
      const basic = Buffer.from(
        String(request.headers.authorization).replace(/^Basic /, ''),
        'base64',
      ).toString();
      const posted = `${form.get('client_id')}:${form.get('client_secret')}`;
      const authenticated = [basic, posted].includes(`${CLIENT_ID}:${CLIENT_SECRET}`);
      const grant = codes.get(form.get('code') ?? '');
      if (!grant || !authenticated || !form.get('code_verifier')) {
        return send(400, { error: 'invalid_grant' });
      }
      codes.delete(form.get('code') ?? '');
      const idToken = await new SignJWT({
        email: grant.email,
        email_verified: grant.verified,
        nonce: grant.nonce,
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer(issuer)
        .setAudience(CLIENT_ID)
        .setSubject(`sub-${grant.email}`)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
      return send(200, { access_token: 'opaque', token_type: 'Bearer', expires_in: 300, id_token: idToken });
    }
    send(404, {});
  });
  return {
    server,
    codes,
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      return issuer;
    },
  };
}

describe('OpenID Connect single sign-on', () => {
  const provider = startProvider();
  let sapa: TestApp;
  let sad: LoggedIn;
  let providerId: string;
  const inject = (options: InjectOptions) => sapa.app.inject(options);

  /** The browser's round trip: start, "log in" at the provider as `email`, come back with the code. */
  async function signIn(email: string, options: { verified?: boolean; relayState?: string } = {}) {
    const start = await inject({
      method: 'GET',
      url: `/api/auth/sso/${providerId}?relayState=${options.relayState ?? '/dashboard'}`,
    });
    expect(start.statusCode).toBe(302);
    const authorize = new URL(String(start.headers.location));
    const code = `code-${Math.random().toString(36).slice(2)}`;
    provider.codes.set(code, {
      email,
      nonce: authorize.searchParams.get('nonce') ?? '',
      verified: options.verified ?? true,
    });
    const state = authorize.searchParams.get('state') ?? '';
    return {
      authorize,
      back: () =>
        inject({ method: 'GET', url: `/api/auth/sso/${providerId}/callback?code=${code}&state=${state}` }),
    };
  }

  beforeAll(async () => {
    const issuer = await provider.listen();
    sapa = await createTestApp({ PUBLIC_URL, LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
    sad = await logIn(sapa.app, 'sad@demo.test');
    const created = await inject({
      method: 'POST',
      url: `/api/clients/${sad.session.clientId}/identityProviders`,
      headers: sad.headers,
      payload: {
        protocol: 'oidc',
        name: 'Local OIDC',
        issuer,
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
      },
    });
    expect(created.statusCode).toBe(200);
    providerId = created.json().providerId;
    expect(created.json()).toMatchObject({
      protocol: 'oidc',
      callbackUrl: `${PUBLIC_URL}/api/auth/sso/${providerId}/callback`,
    });
    expect(JSON.stringify(created.json())).not.toContain(CLIENT_SECRET);
  });
  afterAll(async () => {
    await sapa?.close();
    await new Promise<void>((resolve) => provider.server.close(() => resolve()));
  });

  it('sends the browser to the provider with PKCE, state and nonce', async () => {
    const { authorize } = await signIn('adc@demo.test');
    expect(authorize.pathname).toBe('/authorize');
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: CLIENT_ID,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      redirect_uri: `${PUBLIC_URL}/api/auth/sso/${providerId}/callback`,
    });
  });

  it('signs the user in from the verified ID token, once per state', async () => {
    const { back } = await signIn('ADC@demo.test', { relayState: '/users' });
    const response = await back();
    expect(response.statusCode).toBe(302);
    const params = new URLSearchParams(String(response.headers.location).split('?')[1]);
    expect(params.get('relayState')).toBe('/users');
    const refreshed = await inject({
      method: 'POST',
      url: '/api/auth/refreshAccessToken',
      payload: { refreshToken: params.get('refreshToken') },
    });
    expect(refreshed.json()).toMatchObject({ email: 'adc@demo.test', role: 'ADC' });

    const replay = await back();
    expect(ssoFailure(replay, PUBLIC_URL).message).toBe('Relay state invalid');
  });

  it('refuses unverified emails, people of other clients and made-up states', async () => {
    const unverified = await (await signIn('adc@demo.test', { verified: false })).back();
    expect(ssoFailure(unverified, PUBLIC_URL).code).toBe('sso_failed');
    const foreign = await (await signIn('adc2@demo.test')).back();
    expect(ssoFailure(foreign, PUBLIC_URL).code).toBe('sso_no_account');
    const madeUp = await inject({
      method: 'GET',
      url: `/api/auth/sso/${providerId}/callback?code=x&state=nope`,
    });
    expect(ssoFailure(madeUp, PUBLIC_URL).message).toBe('Relay state invalid');
    // A SAML endpoint does not take this provider's answers.
    const wrongProtocol = await inject({
      method: 'POST',
      url: `/api/auth/sso/${providerId}/acs`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'SAMLResponse=eA%3D%3D&RelayState=%2F',
    });
    expect(ssoFailure(wrongProtocol, PUBLIC_URL).message).toBe('Provider invalid');
  });
});
