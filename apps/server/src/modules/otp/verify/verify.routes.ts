import { otpOperations as ops } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeyOf } from '../../../platform/access-policy.js';
import { routeOperation } from '../../../platform/operation-route.js';
import type { Verify } from './verify.service.js';

/** Verify: the public API by service, the portal's services and its demo page. */
export const verifyRoutes: FastifyPluginAsyncZod<{ verify: Verify }> = async (app, { verify }) => {
  routeOperation(app, ops.startVerification, (request) =>
    verify.start(apiKeyOf(request), request.params.service, request.body),
  );
  routeOperation(app, ops.checkVerification, (request) =>
    verify.check(apiKeyOf(request), request.params.service, request.body),
  );
  routeOperation(app, ops.listVerifyServices, (request) => verify.list(request.ctx.actor!));
  routeOperation(app, ops.createVerifyService, (request) => verify.create(request.ctx.actor!, request.body));
  routeOperation(app, ops.updateVerifyService, (request) =>
    verify.update(request.ctx.actor!, request.params.serviceId, request.body),
  );
  routeOperation(app, ops.deleteVerifyService, (request) =>
    verify.remove(request.ctx.actor!, request.params.serviceId),
  );
  routeOperation(app, ops.startVerificationFromPortal, (request) =>
    verify.start(request.ctx.actor!, request.params.serviceId, request.body),
  );
  routeOperation(app, ops.checkVerificationFromPortal, (request) =>
    verify.check(request.ctx.actor!, request.params.serviceId, request.body),
  );
};
