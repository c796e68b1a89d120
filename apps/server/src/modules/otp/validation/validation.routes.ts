import multipart from '@fastify/multipart';
import { otpOperations as ops } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeyOf } from '../../../platform/access-policy.js';
import { readOperationUpload, routeOperation } from '../../../platform/operation-route.js';
import type { Validation } from './validation.service.js';

/** Phone validation: the public API, the portal's runs (typed lists and files), their results and downloads. */
export const validationRoutes: FastifyPluginAsyncZod<{ validation: Validation }> = async (
  app,
  { validation },
) => {
  // One file per upload; its size limit is the operation's (`readOperationUpload`).
  await app.register(multipart, { limits: { files: 1, fields: 5 } });
  routeOperation(app, ops.validateNumbers, (request) =>
    validation.validateNumbers(apiKeyOf(request), request.body),
  );
  routeOperation(app, ops.createValidationRun, (request) =>
    validation.createListRun(request.ctx.actor!, request.body),
  );
  routeOperation(app, ops.uploadValidationRun, async (request) => {
    const { bytes, fileName, fields } = await readOperationUpload(request, ops.uploadValidationRun);
    return validation.uploadRun(request.ctx.actor!, { bytes, fileName, country: fields.country });
  });
  routeOperation(app, ops.listValidationRuns, (request) =>
    validation.listRuns(request.ctx.actor!, request.query),
  );
  routeOperation(app, ops.getValidationRun, (request) =>
    validation.getRun(request.ctx.actor!, request.params.runId),
  );
  routeOperation(app, ops.listValidationResults, (request) =>
    validation.listResults(request.ctx.actor!, request.params.runId, request.query),
  );
  routeOperation(app, ops.downloadValidationRun, async (request, reply) => {
    const file = await validation.download(request.ctx.actor!, request.params.runId, request.query.format);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .send(file.stream);
  });
};
