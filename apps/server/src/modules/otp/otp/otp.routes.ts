import { otpOperations as ops } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeyOf } from '../../../platform/access-policy.js';
import { routeOperation } from '../../../platform/operation-route.js';
import type { Otp } from './otp.service.js';

/** OTP: the public API (the client's API secret) and the portal's screens (decision 0029). */
export const otpRoutes: FastifyPluginAsyncZod<{ otp: Otp }> = async (app, { otp }) => {
  routeOperation(app, ops.requestOtp, (request) => otp.requestOtp(apiKeyOf(request), request.body));
  routeOperation(app, ops.verifyOtp, (request) => otp.verifyOtp(apiKeyOf(request), request.body));
  routeOperation(app, ops.sendOtpFromPortal, (request) => otp.requestOtp(request.ctx.actor!, request.body));
  routeOperation(app, ops.verifyOtpFromPortal, (request) => otp.verifyOtp(request.ctx.actor!, request.body));
  routeOperation(app, ops.listOtpRequests, (request) => otp.listRequests(request.ctx.actor!, request.query));
  routeOperation(app, ops.getOtpRequest, (request) =>
    otp.getRequest(request.ctx.actor!, request.params.requestId),
  );
  routeOperation(app, ops.getOtpSummary, (request) => otp.getSummary(request.ctx.actor!, request.query));
  routeOperation(app, ops.getOtpSettings, (request) => otp.getSettings(request.ctx.actor!));
  routeOperation(app, ops.updateOtpSettings, (request) =>
    otp.updateSettings(request.ctx.actor!, request.body),
  );
  routeOperation(app, ops.listPrefixBlocks, (request) => otp.listPrefixBlocks(request.ctx.actor!));
  routeOperation(app, ops.unblockPrefix, (request) =>
    otp.unblockPrefix(request.ctx.actor!, request.params.prefix),
  );
};
