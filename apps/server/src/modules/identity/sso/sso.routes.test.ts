import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignedXml } from 'xml-crypto';
import { createTestApp, type LoggedIn, logIn, ssoFailure, type TestApp } from '../../../test/test-app.js';

const PUBLIC_URL = 'https://portal.example.com';
const IDP_ISSUER = 'https://idp.example.test/metadata';

/** A test identity provider: its own RSA key signs assertions as a real IdP would. */
const idpKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const idpPrivateKey = idpKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const idpPublicKey = idpKeys.publicKey.export({ type: 'spki', format: 'pem' }).toString();
const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();

function signedResponse(options: {
  providerId: string;
  email: string;
  inResponseTo?: string;
  key?: string;
  audience?: string;
}) {
  const now = new Date();
  const later = new Date(now.getTime() + 5 * 60_000).toISOString();
  const acs = `${PUBLIC_URL}/api/auth/sso/${options.providerId}/acs`;
  const audience = options.audience ?? `${PUBLIC_URL}/api/auth/sso`;
  const inResponseTo = options.inResponseTo ? ` InResponseTo="${options.inResponseTo}"` : '';
  const xml = [
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_${randomUUID()}" Version="2.0" IssueInstant="${now.toISOString()}" Destination="${acs}"${inResponseTo}>`,
    `<saml:Issuer>${IDP_ISSUER}</saml:Issuer>`,
    '<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>',
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_${randomUUID()}" Version="2.0" IssueInstant="${now.toISOString()}">`,
    `<saml:Issuer>${IDP_ISSUER}</saml:Issuer>`,
    '<saml:Subject>',
    `<saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${options.email}</saml:NameID>`,
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${later}" Recipient="${acs}"${inResponseTo}/></saml:SubjectConfirmation>`,
    '</saml:Subject>',
    `<saml:Conditions NotBefore="${new Date(now.getTime() - 60_000).toISOString()}" NotOnOrAfter="${later}"><saml:AudienceRestriction><saml:Audience>${audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions>`,
    `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="_${randomUUID()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`,
    '</saml:Assertion>',
    '</samlp:Response>',
  ].join('');
  const signature = new SignedXml({
    privateKey: options.key ?? idpPrivateKey,
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  });
  signature.addReference({
    xpath: "//*[local-name(.)='Assertion']",
    transforms: [
      'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
      'http://www.w3.org/2001/10/xml-exc-c14n#',
    ],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  signature.computeSignature(xml, {
    location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' },
  });
  return Buffer.from(signature.getSignedXml()).toString('base64');
}

describe('SAML single sign-on', () => {
  let sapa: TestApp;
  let sad: LoggedIn;
  let providerId: string;
  const inject = (options: InjectOptions) => sapa.app.inject(options);
  const postAcs = (id: string, fields: Record<string, string>) =>
    inject({
      method: 'POST',
      url: `/api/auth/sso/${id}/acs`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  /** Starts a sign-in as the browser would; answers the id of the AuthnRequest the IdP receives. */
  async function startRequest(relayState = '/dashboard') {
    const response = await inject({
      method: 'GET',
      url: `/api/auth/sso/${providerId}?relayState=${relayState}`,
    });
    const request = new URL(String(response.headers.location)).searchParams.get('SAMLRequest') ?? '';
    const xml = inflateRawSync(Buffer.from(request, 'base64')).toString('utf8');
    return /ID="([^"]+)"/.exec(xml)?.[1] ?? '';
  }
  const answer = async (email: string, extra: { key?: string; audience?: string } = {}) =>
    signedResponse({ providerId, email, inResponseTo: await startRequest(), ...extra });

  beforeAll(async () => {
    sapa = await createTestApp({ PUBLIC_URL, LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
    sad = await logIn(sapa.app, 'sad@demo.test');
    const created = await inject({
      method: 'POST',
      url: `/api/clients/${sad.session.clientId}/identityProviders`,
      headers: sad.headers,
      payload: {
        protocol: 'saml',
        name: 'Test IdP',
        entryPoint: 'https://idp.example.test/sso',
        idpIssuer: IDP_ISSUER,
        idpCert: idpPublicKey,
      },
    });
    expect(created.statusCode).toBe(200);
    providerId = created.json().providerId;
    expect(created.json()).toMatchObject({
      callbackUrl: `${PUBLIC_URL}/api/auth/sso/${providerId}/acs`,
      spEntityId: `${PUBLIC_URL}/api/auth/sso`,
    });
  });
  afterAll(async () => sapa?.close());

  it('redirects to the identity provider with a SAML request and the relay state', async () => {
    const response = await inject({
      method: 'GET',
      url: `/api/auth/sso/${providerId}?relayState=/dashboard`,
    });
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe('https://idp.example.test/sso');
    expect(location.searchParams.get('SAMLRequest')).toEqual(expect.any(String));
    expect(location.searchParams.get('RelayState')).toBe('/dashboard');
  });

  it("answers 'Provider invalid' and 'Relay state invalid' word for word", async () => {
    for (const id of ['nope', '01900000-0000-7000-8000-000000000000']) {
      const response = await inject({ method: 'GET', url: `/api/auth/sso/${id}?relayState=/dashboard` });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('Provider invalid');
    }
    for (const relay of ['', 'https://evil.example.com', '//evil.example.com']) {
      const response = await inject({
        method: 'GET',
        url: `/api/auth/sso/${providerId}?relayState=${encodeURIComponent(relay)}`,
      });
      expect(response.json().error.message).toBe('Relay state invalid');
    }
    const noRelay = await inject({ method: 'GET', url: `/api/auth/sso/${providerId}` });
    expect(noRelay.json().error.message).toBe('Relay state invalid');
    const acsRelay = await postAcs(providerId, { SAMLResponse: await answer('adc@demo.test') });
    expect(ssoFailure(acsRelay, PUBLIC_URL).message).toBe('Relay state invalid');
  });

  it('logs the user in from a signed assertion and hands the portal a single-use refresh token', async () => {
    const samlResponse = await answer('ADC@demo.test');
    const response = await postAcs(providerId, { SAMLResponse: samlResponse, RelayState: '/users' });
    expect(response.statusCode).toBe(302);
    const location = String(response.headers.location);
    expect(location.startsWith(`${PUBLIC_URL}/#/sso?`)).toBe(true);
    const params = new URLSearchParams(location.split('?')[1]);
    expect(params.get('relayState')).toBe('/users');
    const refreshed = await inject({
      method: 'POST',
      url: '/api/auth/refreshAccessToken',
      payload: { refreshToken: params.get('refreshToken') },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).toMatchObject({ email: 'adc@demo.test', role: 'ADC' });

    const replay = await postAcs(providerId, { SAMLResponse: samlResponse, RelayState: '/users' });
    expect(ssoFailure(replay, PUBLIC_URL).code).toBe('sso_failed');
  });

  it('refuses an answer to no request of ours (unsolicited), even when properly signed', async () => {
    const unsolicited = await postAcs(providerId, {
      SAMLResponse: signedResponse({ providerId, email: 'adc@demo.test' }),
      RelayState: '/dashboard',
    });
    expect(ssoFailure(unsolicited, PUBLIC_URL).code).toBe('sso_failed');
    const madeUp = await postAcs(providerId, {
      SAMLResponse: signedResponse({ providerId, email: 'adc@demo.test', inResponseTo: '_not-ours' }),
      RelayState: '/dashboard',
    });
    expect(ssoFailure(madeUp, PUBLIC_URL).code).toBe('sso_failed');
  });

  it('refuses assertions signed by another key, meant for another audience, or for unknown people', async () => {
    const forged = await postAcs(providerId, {
      SAMLResponse: await answer('sad@demo.test', { key: otherKey }),
      RelayState: '/dashboard',
    });
    expect(ssoFailure(forged, PUBLIC_URL)).toEqual({ code: 'sso_failed', message: expect.any(String) });
    const elsewhere = await postAcs(providerId, {
      SAMLResponse: await answer('sad@demo.test', { audience: 'https://other-sp.example' }),
      RelayState: '/dashboard',
    });
    expect(ssoFailure(elsewhere, PUBLIC_URL).code).toBe('sso_failed');
    // A user of another client cannot sign in through this client's provider.
    const foreign = await postAcs(providerId, {
      SAMLResponse: await answer('adc2@demo.test'),
      RelayState: '/dashboard',
    });
    expect(ssoFailure(foreign, PUBLIC_URL).code).toBe('sso_no_account');
    const garbage = await postAcs(providerId, { SAMLResponse: 'bm90IHhtbA==', RelayState: '/dashboard' });
    expect(ssoFailure(garbage, PUBLIC_URL).code).toBe('sso_failed');
  });

  it('keeps identity providers to the super admin', async () => {
    const adc = await logIn(sapa.app, 'adc@demo.test');
    const response = await inject({
      method: 'GET',
      url: `/api/clients/${adc.session.clientId}/identityProviders`,
      headers: adc.headers,
    });
    expect(response.statusCode).toBe(403);
    const list = await inject({
      method: 'GET',
      url: `/api/clients/${sad.session.clientId}/identityProviders`,
      headers: sad.headers,
    });
    expect(list.json().map((provider: { name: string }) => provider.name)).toEqual(['Test IdP']);
  });
});
