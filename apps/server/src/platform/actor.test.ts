import { describe, expect, it } from 'vitest';
import {
  type Actor,
  actorFromSession,
  actorLabel,
  allows,
  chatRoleOf,
  csIdOf,
  hasRole,
  homeClientOf,
  isSuperAdmin,
  type Principal,
  requireAccess,
  requireFeatureOpen,
  requirePrincipal,
  requireUser,
  systemActor,
} from './actor.js';
import { AppError } from './errors.js';
import type { SessionContext } from './request-context.js';

const CLIENT = 'client-a';
const SUPERVISORS = ['SAD', 'ADC', 'ADB', 'USV'] as const;
const inbox = { roles: SUPERVISORS, chatRoles: ['CS', 'SPV'], feature: 'CS' } as const;

const session: SessionContext = {
  userId: 'u-1',
  sessionId: 's-1',
  homeClientId: CLIENT,
  clientId: CLIENT,
  role: 'USV',
  name: 'Sup',
  email: 'sup@example.com',
  chatRole: null,
  csId: null,
  features: 4,
  mainFeature: 'CS',
};
const supervisor: Principal = { userId: 'u-1', role: 'USV', chatRole: null, csId: null, email: 'sup@x' };
const agent: Principal = { userId: 'u-2', role: 'USE', chatRole: 'CS', csId: 'cs-2', email: 'agent@x' };
const bystander: Principal = { userId: 'u-3', role: 'USE', chatRole: null, csId: null, email: 'use@x' };

function refusal(actor: Actor, rule: Parameters<typeof requireAccess>[1]) {
  try {
    requireAccess(actor, rule);
    return null;
  } catch (error) {
    return error instanceof AppError ? error.statusCode : error;
  }
}

describe('actors and the access gate', () => {
  it('builds a user actor from the session, keeping what services read and dropping the rest', () => {
    const actor = actorFromSession(session);
    expect(actor).toEqual({
      kind: 'user',
      clientId: CLIENT,
      homeClientId: CLIENT,
      sessionId: 's-1',
      userId: 'u-1',
      role: 'USV',
      chatRole: null,
      csId: null,
      email: 'sup@example.com',
      name: 'Sup',
      features: 4,
    });
  });

  it('admits a user by portal role or by chat role, and needs the feature', () => {
    const user = actorFromSession(session);
    expect(refusal(user, inbox)).toBeNull();
    expect(refusal({ ...user, role: 'USE', chatRole: 'CS' }, inbox)).toBeNull();
    expect(refusal({ ...user, role: 'USE' }, inbox)).toBe(403);
    expect(refusal({ ...user, features: 1 }, inbox)).toBe(403);
  });

  it('refuses a user of another client', () => {
    const user = actorFromSession(session);
    expect(allows(user, { clientId: CLIENT })).toBe(true);
    expect(refusal({ ...user, clientId: 'client-b' }, { clientId: CLIENT, roles: SUPERVISORS })).toBe(403);
  });

  it('gives a job on behalf of a user that user’s rights: a supervisor’s, not an agent’s', () => {
    const forSupervisor = systemActor(CLIENT, 'inbox.export', supervisor);
    const forAgent = systemActor(CLIENT, 'inbox.export', agent);
    const forBystander = systemActor(CLIENT, 'inbox.export', bystander);
    expect(hasRole(forSupervisor, SUPERVISORS)).toBe(true);
    expect(hasRole(forAgent, SUPERVISORS)).toBe(false);
    expect(refusal(forAgent, inbox)).toBeNull();
    expect(refusal(forBystander, inbox)).toBe(403);
    expect(chatRoleOf(forAgent)).toBe('CS');
    expect(csIdOf(forAgent)).toBe('cs-2');
    expect(csIdOf(forSupervisor)).toBeNull();
  });

  it('lets a client-wide job act as every role of its client, and no other client', () => {
    const job = systemActor(CLIENT, 'inbox.auto-close');
    expect(hasRole(job, ['SAD'])).toBe(true);
    expect(refusal(job, inbox)).toBeNull();
    expect(chatRoleOf(job)).toBeNull();
    expect(refusal(job, { clientId: 'client-b' })).toBe(403);
  });

  it('gives an API key its features but no role', () => {
    const key: Actor = { kind: 'apiKey', clientId: CLIENT, keyId: 'k-1', features: 4 };
    expect(refusal(key, { feature: 'CS' })).toBeNull();
    expect(refusal(key, { feature: 'SMS' })).toBe(403);
    expect(refusal(key, inbox)).toBe(403);
    expect(hasRole(key, SUPERVISORS)).toBe(false);
    expect(csIdOf(key)).toBeNull();
  });

  it('names the actor for the "by" columns: the person, else the job or the key', () => {
    expect(actorLabel(actorFromSession(session))).toBe('sup@example.com');
    expect(actorLabel(systemActor(CLIENT, 'inbox.export', agent))).toBe('agent@x');
    expect(actorLabel(systemActor(CLIENT, 'inbox.auto-close'))).toBe('system:inbox.auto-close');
    expect(actorLabel({ kind: 'apiKey', clientId: CLIENT, keyId: 'k-1', features: 0 })).toBe('api-key:k-1');
  });
  it('gives the acting person for work only a person does, and refuses a key or a client-wide job', () => {
    expect(requirePrincipal(actorFromSession(session)).userId).toBe('u-1');
    expect(requirePrincipal(systemActor(CLIENT, 'inbox.export', agent)).userId).toBe('u-2');
    const refusedStatus = (actor: Actor) => {
      try {
        requirePrincipal(actor);
        return null;
      } catch (error) {
        return error instanceof AppError ? error.statusCode : 'other';
      }
    };
    expect(refusedStatus(systemActor(CLIENT, 'inbox.auto-close'))).toBe(403);
    expect(refusedStatus({ kind: 'apiKey', clientId: CLIENT, keyId: 'k-1', features: 4 })).toBe(403);
  });

  it('gives a user their own account and session, and refuses a job or a key', () => {
    const user = actorFromSession(session);
    expect(requireUser(user)).toBe(user);
    expect(thrown(() => requireUser(systemActor(CLIENT, 'inbox.export', supervisor)))).toBe(403);
    expect(thrown(() => requireUser({ kind: 'apiKey', clientId: CLIENT, keyId: 'k-1', features: 4 }))).toBe(
      403,
    );
  });

  it('lets only a super admin person reach another client, never a client-wide job', () => {
    const superAdmin = actorFromSession({ ...session, role: 'SAD', homeClientId: 'home', clientId: CLIENT });
    expect(isSuperAdmin(superAdmin)).toBe(true);
    expect(isSuperAdmin(systemActor(CLIENT, 'job', { ...supervisor, role: 'SAD' }))).toBe(true);
    expect(isSuperAdmin(actorFromSession(session))).toBe(false);
    expect(isSuperAdmin(systemActor(CLIENT, 'inbox.auto-close'))).toBe(false);
    expect(homeClientOf(superAdmin)).toBe('home');
    expect(homeClientOf(systemActor(CLIENT, 'inbox.auto-close'))).toBe(CLIENT);
  });

  it('opens a feature only when the client has it and its trial is not over; a job is not checked again', () => {
    const user = actorFromSession(session);
    const codeOf = (run: () => void) => {
      try {
        run();
        return null;
      } catch (error) {
        return error instanceof AppError ? error.code : 'other';
      }
    };
    expect(codeOf(() => requireFeatureOpen(user, 'CS'))).toBeNull();
    expect(codeOf(() => requireFeatureOpen(user, 'SMS'))).toBe('feature_disabled');
    const expired = actorFromSession({
      ...session,
      subscription: { isTrial: true, expiredAt: Date.UTC(2026, 0, 1) },
    });
    expect(expired.subscription).toEqual({ isTrial: true, expiredAt: Date.UTC(2026, 0, 1) });
    expect(codeOf(() => requireFeatureOpen(expired, 'CS'))).toBe('trial_expired');
    expect(codeOf(() => requireFeatureOpen(systemActor(CLIENT, 'inbox.auto-close'), 'SMS'))).toBeNull();
    const key: Actor = { kind: 'apiKey', clientId: CLIENT, keyId: 'k-1', features: 4 };
    expect(codeOf(() => requireFeatureOpen(key, 'SMS'))).toBe('feature_disabled');
  });
});

function thrown(run: () => unknown) {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof AppError ? error.statusCode : 'other';
  }
}
