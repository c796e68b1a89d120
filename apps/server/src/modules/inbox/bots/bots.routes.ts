import { botsOperations } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOperation } from '../../../platform/operation-route.js';
import type { InboxDeps } from '../inbox.deps.js';
import {
  connectBotProvider,
  createBotProject,
  disconnectBotProvider,
  getBotProvider,
  listBotProjects,
  updateBotProject,
} from './bot-provider.service.js';
import {
  createChatBot,
  deleteBotAction,
  deleteBotValidation,
  deleteChatBot,
  listBotActions,
  listBotTemplates,
  listBotValidations,
  listChatBots,
  saveBotActions,
  saveBotValidation,
  updateChatBot,
} from './bots.service.js';

/** Chat bots, their flows and validations, and external bot providers (decision 0035). */
export const botsRoutes: FastifyPluginAsyncZod<{ deps: InboxDeps }> = async (app, { deps }) => {
  const { db } = deps;
  const ops = botsOperations;
  routeOperation(app, ops.listChatBots, (request) => listChatBots(db, request.ctx.actor!, request.query));
  routeOperation(app, ops.createChatBot, (request) => createChatBot(db, request.ctx.actor!, request.body));
  routeOperation(app, ops.updateChatBot, (request) => updateChatBot(db, request.ctx.actor!, request.body));
  routeOperation(app, ops.deleteChatBot, (request) =>
    deleteChatBot(db, request.ctx.actor!, request.query.botName),
  );
  routeOperation(app, ops.listBotTemplates, (request) => listBotTemplates(db, request.ctx.actor!));
  routeOperation(app, ops.listBotActions, (request) => listBotActions(db, request.ctx.actor!, request.query));
  routeOperation(app, ops.saveBotActions, (request) =>
    saveBotActions(db, request.ctx.actor!, request.query.botName, request.body.actions),
  );
  routeOperation(app, ops.deleteBotAction, (request) =>
    deleteBotAction(db, request.ctx.actor!, request.query.botName, request.query.botActionName),
  );
  routeOperation(app, ops.listBotValidations, (request) =>
    listBotValidations(db, request.ctx.actor!, request.query),
  );
  routeOperation(app, ops.saveBotValidation, (request) =>
    saveBotValidation(db, request.ctx.actor!, request.body),
  );
  routeOperation(app, ops.deleteBotValidation, (request) =>
    deleteBotValidation(db, request.ctx.actor!, request.query.botId, request.query.stateName),
  );
  routeOperation(app, ops.getBotProvider, (request) =>
    getBotProvider(db, request.ctx.actor!, request.params),
  );
  routeOperation(app, ops.connectBotProvider, (request) => {
    if (!deps.encryptionKey) throw new Error('The inbox was built without its encryption key');
    return connectBotProvider(db, request.ctx.actor!, request.params, request.body, deps.encryptionKey);
  });
  routeOperation(app, ops.disconnectBotProvider, (request) =>
    disconnectBotProvider(db, request.ctx.actor!, request.params),
  );
  routeOperation(app, ops.listBotProjects, (request) =>
    listBotProjects(db, request.ctx.actor!, request.params, request.query),
  );
  routeOperation(app, ops.createBotProject, (request) =>
    createBotProject(db, request.ctx.actor!, request.params, request.body),
  );
  routeOperation(app, ops.updateBotProject, (request) =>
    updateBotProject(db, request.ctx.actor!, request.params, request.body),
  );
};
