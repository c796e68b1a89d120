import { otpOperations as ops } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeyOf } from '../../../platform/access-policy.js';
import type { Exports } from '../../../platform/exports/index.js';
import { sendCsv } from '../../../platform/http-io.js';
import { routeOperation } from '../../../platform/operation-route.js';
import { OTP_REQUESTS_EXPORT, requestOtpExport } from './otp.exports.js';
import type { Otp } from './otp.service.js';

/** OTP: the public API (the client's API secret) and the portal's screens (decision 0029). */
export const otpRoutes: FastifyPluginAsyncZod<{ otp: Otp; exports: Exports }> = async (
  app,
  { otp, exports },
) => {
  routeOperation(app, ops.requestOtp, (request) => otp.requestOtp(apiKeyOf(request), request.body));
  routeOperation(app, ops.verifyOtp, (request) => otp.verifyOtp(apiKeyOf(request), request.body));
  routeOperation(app, ops.sendOtpFromPortal, (request) => otp.requestOtp(request.ctx.actor!, request.body));
  routeOperation(app, ops.verifyOtpFromPortal, (request) => otp.verifyOtp(request.ctx.actor!, request.body));
  routeOperation(app, ops.listOtpRequests, (request) => otp.listRequests(request.ctx.actor!, request.query));
  routeOperation(app, ops.getOtpRequest, (request) =>
    otp.getRequest(request.ctx.actor!, request.params.requestId),
  );
  routeOperation(app, ops.requestOtpExport, (request) =>
    requestOtpExport(exports, request.ctx.actor!, request.body),
  );
  routeOperation(app, ops.listOtpExports, (request) =>
    exports.list(request.ctx.actor!, [OTP_REQUESTS_EXPORT], request.query),
  );
  routeOperation(app, ops.downloadOtpExport, async (request, reply) => {
    const file = await exports.file(request.ctx.actor!, OTP_REQUESTS_EXPORT, request.params.exportId);
    return sendCsv(reply, file.fileName, file.body);
  });
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
