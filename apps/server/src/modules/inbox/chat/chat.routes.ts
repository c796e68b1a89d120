import { chatOperations } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isTrue } from '../../../platform/http-io.js';
import { readOperationUpload, routeOperation } from '../../../platform/operation-route.js';
import type { InboxDeps } from '../inbox.deps.js';
import { imageTooLarge } from '../inbox.errors.js';
import { writeNote } from '../notes/notes.service.js';
import { announceTyping } from '../presence/typing.service.js';
import {
  getChatMessage,
  getCheckPoint,
  getLastMessage,
  getMediaUrl,
  getRoomWindow,
  listChat,
  markRoomRead,
  sendChatImage,
  sendChatMessage,
  sendTemplateMessage,
} from './chat.service.js';

export const chatRoutes: FastifyPluginAsyncZod<{ deps: InboxDeps }> = async (app, { deps }) => {
  const { db } = deps;

  routeOperation(app, chatOperations.listMessages, (request) =>
    listChat(db, request.ctx.actor!, request.query, false),
  );
  routeOperation(app, chatOperations.listInternalMessages, (request) =>
    listChat(db, request.ctx.actor!, request.query, true),
  );
  routeOperation(app, chatOperations.getMessage, (request) =>
    getChatMessage(db, request.ctx.actor!, request.query.messageId),
  );
  routeOperation(app, chatOperations.getCheckPoint, (request) =>
    getCheckPoint(
      db,
      request.ctx.actor!,
      request.query.messageId,
      request.query.isInternalChat === undefined
        ? undefined
        : ['true', '1'].includes(request.query.isInternalChat),
    ),
  );
  routeOperation(app, chatOperations.sendMessage, (request) =>
    sendChatMessage(deps, request.ctx.actor!, request.body),
  );
  routeOperation(app, chatOperations.sendNote, (request) =>
    writeNote(deps, request.ctx.actor!, request.body),
  );
  routeOperation(app, chatOperations.sendTyping, (request) =>
    announceTyping(deps, request.ctx.actor!, request.body),
  );
  routeOperation(app, chatOperations.sendImage, async (request) => {
    const { bytes, fileName, fields } = await readOperationUpload(
      request,
      chatOperations.sendImage,
      imageTooLarge,
    );
    return sendChatImage(deps, request.ctx.actor!, { ...fields, bytes, fileName });
  });
  routeOperation(app, chatOperations.getWindow, (request) =>
    getRoomWindow(deps, request.ctx.actor!, request.query.roomId),
  );
  routeOperation(app, chatOperations.sendTemplate, (request) =>
    sendTemplateMessage(deps, request.ctx.actor!, request.body),
  );
  routeOperation(app, chatOperations.getMedia, async (request, reply) => {
    const url = await getMediaUrl(db, request.ctx.actor!, request.query.media);
    return reply.redirect(url, 302);
  });
  routeOperation(app, chatOperations.markRead, (request) =>
    markRoomRead(deps, request.ctx.actor!, request.body.roomId),
  );
  routeOperation(app, chatOperations.getLastMessage, (request) =>
    getLastMessage(db, request.ctx.actor!, request.query.roomId, isTrue(request.query.fromCs)),
  );
};
