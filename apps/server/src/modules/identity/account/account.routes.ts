import { accountOperations } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/audit/index.js';
import { routeOperation } from '../../../platform/operation-route.js';
import {
  type AccountDeps,
  activateMfa,
  changePassword,
  deactivateMfa,
  getProfile,
  requestPasswordReset,
  resetPassword,
  updateConsent,
  updateProfile,
  validatePassword,
  verifyMfa,
} from './account.service.js';

/** Account security of the caller: password, reset by mail, TOTP MFA, profile and consent. */
export const accountRoutes: FastifyPluginAsyncZod<{
  deps: AccountDeps;
  rateLimitPerMinute: number;
  resetRequestsPerHour: number;
}> = async (app, { deps, rateLimitPerMinute, resetRequestsPerHour }) => {
  const { db } = deps;

  routeOperation(app, accountOperations.changePassword, (request) =>
    changePassword(deps, actorOf(request), request.body),
  );
  routeOperation(app, accountOperations.validatePassword, (request) =>
    validatePassword(request.ctx.actor!, request.body),
  );
  routeOperation(
    app,
    accountOperations.forgotPassword,
    (request) => requestPasswordReset(deps, request.query.email),
    {
      // Per source address and hour: each request may mail someone, so the budget is small.
      config: { rateLimit: { max: resetRequestsPerHour, timeWindow: '1 hour' } },
    },
  );
  routeOperation(app, accountOperations.resetPassword, (request) => resetPassword(deps, request.body), {
    config: { csrfExempt: true, rateLimit: { max: rateLimitPerMinute, timeWindow: '1 minute' } },
  });
  routeOperation(app, accountOperations.getMfaStatus, async (request) => ({
    mfaEnabled: (await getProfile(db, request.ctx.actor!)).mfaEnabled,
  }));
  routeOperation(app, accountOperations.startMfa, (request) => activateMfa(deps, request.ctx.actor!));
  routeOperation(app, accountOperations.verifyMfa, (request) =>
    verifyMfa(deps, actorOf(request), request.body.token),
  );
  routeOperation(app, accountOperations.deactivateMfa, (request) =>
    deactivateMfa(deps, actorOf(request), request.body.token),
  );
  routeOperation(app, accountOperations.getProfile, (request) => getProfile(db, request.ctx.actor!));
  routeOperation(app, accountOperations.updateProfile, (request) =>
    updateProfile(deps, actorOf(request), request.body),
  );
  routeOperation(app, accountOperations.updateConsent, (request) =>
    updateConsent(db, actorOf(request), request.body),
  );
};
