import type { CacheProvider } from '@node-saml/node-saml';
import {
  type IdentityProvider,
  type IdentityProviderRequest,
  RELAY_STATE_PATTERN,
  SSO_MESSAGES,
} from '@sapa/contracts';
import { and, eq, gt } from 'drizzle-orm';
import {
  allowInsecureRequests,
  authorizationCodeGrant,
  buildAuthorizationUrl,
  type Configuration,
  calculatePKCECodeChallenge,
  discovery,
  randomNonce,
  randomPKCECodeVerifier,
  randomState,
} from 'openid-client';
import { isId, newId } from '../../../lib/ids.js';
import { type AuditActor, recordAudit } from '../../../platform/audit/index.js';
import { inClient } from '../../../platform/client-scope.js';
import type { Executor } from '../../../platform/database.js';
import { AppError } from '../../../platform/errors.js';
import { seal, unseal } from '../../../platform/secrets.js';
import { getClient } from '../../clients/index.js';
import { accountDeactivated, accountLocked, accountPending } from '../identity.errors.js';
import { unsafeFindUserByEmail } from '../identity.repository.js';
import { type IdentityDeps, type RequestOrigin, startSession } from '../identity.service.js';
import { type IdentityProviderRow, identityProviders, ssoRequests } from '../identity.tables.js';

export type SsoDeps = IdentityDeps & { publicUrl: string };

export const providerInvalid = () => new AppError(400, 'provider_invalid', SSO_MESSAGES.providerInvalid);
export const relayStateInvalid = () =>
  new AppError(400, 'relay_state_invalid', SSO_MESSAGES.relayStateInvalid);
const ssoFailed = () =>
  new AppError(401, 'sso_failed', 'The identity provider’s answer could not be verified. Please try again.');
const providerUnreachable = () =>
  new AppError(
    502,
    'provider_unreachable',
    'The identity provider cannot be reached. Please try again later.',
  );
const noAccount = () =>
  new AppError(403, 'sso_no_account', 'No account of this client uses the email the identity provider gave.');

const spEntityId = (deps: SsoDeps) => `${deps.publicUrl}/api/auth/sso`;
const acsUrl = (deps: SsoDeps, providerId: string) => `${deps.publicUrl}/api/auth/sso/${providerId}/acs`;

const oidcCallbackUrl = (deps: SsoDeps, providerId: string) =>
  `${deps.publicUrl}/api/auth/sso/${providerId}/callback`;

function toIdentityProvider(deps: SsoDeps, row: IdentityProviderRow): IdentityProvider {
  return {
    providerId: row.id,
    clientId: row.clientId,
    protocol: row.protocol,
    name: row.name,
    entryPoint: row.entryPoint,
    idpIssuer: row.idpIssuer,
    enabled: row.enabled,
    spEntityId: spEntityId(deps),
    callbackUrl: row.protocol === 'saml' ? acsUrl(deps, row.id) : oidcCallbackUrl(deps, row.id),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The SSO redirect names only the provider id, so the provider is found across clients. */
async function unsafeFindProvider(db: Executor, providerId: string) {
  const [row] = await db.select().from(identityProviders).where(eq(identityProviders.id, providerId));
  return row ?? null;
}

/** An enabled provider of an active client (of the protocol, when given), or 'Provider invalid' (spec §5). */
async function usableProvider(db: Executor, providerId: string | undefined, protocol?: 'saml' | 'oidc') {
  const row = providerId && isId(providerId) ? await unsafeFindProvider(db, providerId) : null;
  if (!row?.enabled || (protocol && row.protocol !== protocol)) throw providerInvalid();
  const client = await getClient(db, row.clientId).catch(() => null);
  if (client?.status !== 'active') throw providerInvalid();
  return row;
}

/** A relay state is a path of the portal to return to; anything else could send the user elsewhere. */
function checkRelayState(relayState: string | undefined): string {
  if (!relayState || !RELAY_STATE_PATTERN.test(relayState)) throw relayStateInvalid();
  return relayState;
}

const REQUEST_TTL_MS = 10 * 60_000;

/** node-saml's request-id cache, kept in the database so any process can check the answer. */
function requestCacheOf(db: Executor, provider: IdentityProviderRow): CacheProvider {
  return {
    async saveAsync(key, value) {
      const [row] = await db
        .insert(ssoRequests)
        .values({ clientId: provider.clientId, id: key, providerId: provider.id, value })
        .onConflictDoNothing()
        .returning();
      return row ? { value: row.value, createdAt: row.createdAt.getTime() } : null;
    },
    async getAsync(key) {
      const [row] = await db
        .select()
        .from(ssoRequests)
        .where(
          and(
            eq(ssoRequests.id, key),
            eq(ssoRequests.providerId, provider.id),
            gt(ssoRequests.createdAt, new Date(Date.now() - REQUEST_TTL_MS)),
          ),
        );
      return row?.value ?? null;
    },
    async removeAsync(key) {
      if (key === null) return null;
      const [row] = await db.delete(ssoRequests).where(eq(ssoRequests.id, key)).returning();
      return row?.value ?? null;
    },
  };
}

/** node-saml and its XML libraries load on the first SAML sign-in, not on every start (issue 19 goal 4). */
async function samlOf(deps: SsoDeps, provider: IdentityProviderRow) {
  const { SAML, ValidateInResponseTo } = await import('@node-saml/node-saml');
  return new SAML({
    callbackUrl: acsUrl(deps, provider.id),
    entryPoint: provider.entryPoint ?? '',
    issuer: spEntityId(deps),
    audience: spEntityId(deps),
    idpIssuer: provider.idpIssuer,
    idpCert: provider.idpCert ?? '',
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    // Only answers to a request this portal made, each once: no unsolicited or replayed assertions.
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: REQUEST_TTL_MS,
    cacheProvider: requestCacheOf(deps.db, provider),
    acceptedClockSkewMs: 60_000,
  });
}

/** Step one: the URL of the identity provider's sign-on page, carrying the relay state. */
export async function startSso(deps: SsoDeps, providerId: string, relayState: string | undefined) {
  const provider = await usableProvider(deps.db, providerId);
  const relay = checkRelayState(relayState);
  if (provider.protocol === 'oidc') return startOidc(deps, provider, relay);
  return (await samlOf(deps, provider)).getAuthorizeUrlAsync(relay, undefined, {});
}

/**
 * The user the identity provider vouched for (by email, inside the provider's client) gets a session;
 * the browser returns to the portal with its refresh token in the URL fragment, which the web trades
 * at once for a token pair (refresh tokens are single-use).
 */
async function signInAs(
  deps: SsoDeps,
  provider: IdentityProviderRow,
  email: string,
  relay: string,
  origin: RequestOrigin,
) {
  const user = await unsafeFindUserByEmail(deps.db, email);
  if (!user || user.clientId !== provider.clientId) throw noAccount();
  if (user.status === 'locked') throw accountLocked();
  if (user.status === 'deactivated') throw accountDeactivated();
  if (user.status === 'pending') throw accountPending();
  const client = await getClient(deps.db, user.clientId);
  const { state } = await startSession(deps, user, client.features, origin);
  const fragment = new URLSearchParams({ refreshToken: state.refreshToken, relayState: relay });
  return `${deps.publicUrl}/#/sso?${fragment.toString()}`;
}

// ---- OpenID Connect (authorization code with PKCE) ----

const discovered = new Map<string, { config: Configuration; at: number }>();

/** The provider's discovery document, kept ten minutes; plain http only for a provider on this machine. */
async function oidcConfigOf(deps: SsoDeps, provider: IdentityProviderRow): Promise<Configuration> {
  const key = `${provider.id}:${provider.idpIssuer}`;
  const cached = discovered.get(key);
  if (cached && Date.now() - cached.at < REQUEST_TTL_MS) return cached.config;
  const issuer = new URL(provider.idpIssuer);
  const local = issuer.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
  const config = await discovery(
    issuer,
    provider.oidcClientId ?? '',
    unseal(deps.keys.encryption, provider.oidcClientSecret ?? ''),
    undefined,
    local ? { execute: [allowInsecureRequests] } : undefined,
  );
  discovered.set(key, { config, at: Date.now() });
  return config;
}

async function startOidc(deps: SsoDeps, provider: IdentityProviderRow, relay: string) {
  let config: Configuration;
  try {
    config = await oidcConfigOf(deps, provider);
  } catch {
    throw providerUnreachable();
  }
  const verifier = randomPKCECodeVerifier();
  const state = randomState();
  const nonce = randomNonce();
  await deps.db.insert(ssoRequests).values({
    clientId: provider.clientId,
    id: state,
    providerId: provider.id,
    value: JSON.stringify({ verifier, nonce, relay }),
  });
  return buildAuthorizationUrl(config, {
    redirect_uri: oidcCallbackUrl(deps, provider.id),
    scope: 'openid email profile',
    code_challenge: await calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  }).href;
}

/** The provider sends the browser back with a code and our state; the state is used once. */
export async function completeOidc(deps: SsoDeps, providerId: string, query: string, origin: RequestOrigin) {
  const provider = await usableProvider(deps.db, providerId, 'oidc');
  const state = new URLSearchParams(query).get('state');
  const [request] = state
    ? await deps.db
        .delete(ssoRequests)
        .where(
          and(
            eq(ssoRequests.id, state),
            eq(ssoRequests.providerId, provider.id),
            gt(ssoRequests.createdAt, new Date(Date.now() - REQUEST_TTL_MS)),
          ),
        )
        .returning()
    : [];
  if (!request || !state) throw relayStateInvalid();
  const { verifier, nonce, relay } = JSON.parse(request.value) as {
    verifier: string;
    nonce: string;
    relay: string;
  };
  let email: string | undefined;
  try {
    const config = await oidcConfigOf(deps, provider);
    const tokens = await authorizationCodeGrant(
      config,
      new URL(`${oidcCallbackUrl(deps, provider.id)}?${query}`),
      {
        pkceCodeVerifier: verifier,
        expectedState: state,
        expectedNonce: nonce,
        idTokenExpected: true,
      },
    );
    const claims = tokens.claims();
    if (claims?.email_verified !== false && typeof claims?.email === 'string')
      email = claims.email.trim().toLowerCase();
  } catch {
    throw ssoFailed();
  }
  if (!email) throw ssoFailed();
  return signInAs(deps, provider, email, relay, origin);
}

/** SAML step two: the identity provider posts its signed answer here. */
export async function completeSso(
  deps: SsoDeps,
  providerId: string,
  body: { SAMLResponse?: string | undefined; RelayState?: string | undefined },
  origin: RequestOrigin,
) {
  const provider = await usableProvider(deps.db, providerId, 'saml');
  const relay = checkRelayState(body.RelayState);
  if (!body.SAMLResponse) throw ssoFailed();
  let email: string | undefined;
  try {
    const { profile } = await (await samlOf(deps, provider)).validatePostResponseAsync({
      SAMLResponse: body.SAMLResponse,
    });
    const candidate = profile?.email ?? profile?.mail ?? profile?.nameID;
    email = typeof candidate === 'string' ? candidate.trim().toLowerCase() : undefined;
  } catch {
    throw ssoFailed();
  }
  if (!email) throw ssoFailed();
  return signInAs(deps, provider, email, relay, origin);
}

export async function createIdentityProvider(
  deps: SsoDeps,
  caller: AuditActor,
  clientId: string,
  body: IdentityProviderRequest,
) {
  if (!isId(clientId)) throw new AppError(404, 'client_not_found', 'Client not found');
  await getClient(deps.db, clientId);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(identityProviders)
      .values(
        body.protocol === 'saml'
          ? { clientId, id: newId(), ...body }
          : {
              clientId,
              id: newId(),
              protocol: 'oidc',
              name: body.name,
              enabled: body.enabled,
              idpIssuer: body.issuer,
              oidcClientId: body.clientId,
              oidcClientSecret: seal(deps.keys.encryption, body.clientSecret),
            },
      )
      .returning();
    if (!row) throw new Error('Identity provider insert returned no row');
    await recordAudit(tx, caller, {
      clientId,
      action: 'sso.provider_create',
      entityType: 'identity_provider',
      entityId: row.id,
      after: {
        protocol: row.protocol,
        name: row.name,
        entryPoint: row.entryPoint,
        idpIssuer: row.idpIssuer,
        enabled: row.enabled,
      },
    });
    return toIdentityProvider(deps, row);
  });
}

export async function listIdentityProviders(deps: SsoDeps, clientId: string) {
  if (!isId(clientId)) throw new AppError(404, 'client_not_found', 'Client not found');
  await getClient(deps.db, clientId);
  const rows = await deps.db
    .select()
    .from(identityProviders)
    .where(inClient(identityProviders, clientId))
    .orderBy(identityProviders.createdAt);
  return rows.map((row) => toIdentityProvider(deps, row));
}
