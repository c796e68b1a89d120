import { ChatMessageSchema, ErrorBodySchema, keysetPageOf } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../platform/errors.js';
import { isTrue, queryFlag } from '../../../platform/http-io.js';
import { invalidText, isUnsafeText } from '../../../platform/text-guard.js';
import { CS_TAGS, csAccess, security } from '../inbox.access.js';
import type { InboxDeps } from '../inbox.deps.js';
import { fileRequired, imageTooLarge } from '../inbox.errors.js';
import {
  getChatMessage,
  getCheckPoint,
  getLastMessage,
  getMediaUrl,
  getRoomWindow,
  listChat,
  MAX_IMAGE_BYTES,
  markRoomRead,
  sendChatImage,
  sendChatMessage,
  sendTemplateMessage,
} from './chat.service.js';

const errors = {
  400: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  422: ErrorBodySchema,
  503: ErrorBodySchema,
};

export const chatRoutes: FastifyPluginAsyncZod<{ deps: InboxDeps }> = async (app, { deps }) => {
  const { db } = deps;
  const cs = { access: csAccess.inbox };
  const imageFields = z.object({
    roomId: z.string({ error: 'roomId is required (send it before the file)' }),
    caption: z.string().max(1024).optional(),
  });
  const listQuery = z.object({
    id: z.string(),
    pageSize: z.coerce.number().int().min(1).max(200).optional(),
    lastEvaluatedKey: z.string().optional(),
    isBotInbox: queryFlag,
    csId: z.string().optional(),
  });

  app.get(
    '/api/cs/chat',
    {
      config: cs,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'A room’s messages, newest first, paged by lastEvaluatedKey',
        querystring: listQuery,
        response: { 200: keysetPageOf(ChatMessageSchema), ...errors },
      },
    },
    async (request) => listChat(db, request.ctx.actor!, request.query, false),
  );
  app.get(
    '/api/cs/chat/internal',
    {
      config: cs,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Agents’ internal messages of a room',
        querystring: listQuery,
        response: { 200: keysetPageOf(ChatMessageSchema), ...errors },
      },
    },
    async (request) => listChat(db, request.ctx.actor!, request.query, true),
  );
  app.get(
    '/api/cs/chat/id',
    {
      config: cs,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'One message',
        querystring: z.object({ messageId: z.string() }),
        response: { 200: ChatMessageSchema, ...errors },
      },
    },
    async (request) => getChatMessage(db, request.ctx.actor!, request.query.messageId),
  );
  app.get(
    '/api/cs/chat/checkPoint',
    {
      config: cs,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Messages from one message on (jump to it)',
        querystring: z.object({ messageId: z.string(), isInternalChat: queryFlag }),
        response: { 200: z.object({ roomId: z.string(), items: z.array(ChatMessageSchema) }), ...errors },
      },
    },
    async (request) => getCheckPoint(db, request.ctx.actor!, request.query.messageId),
  );
  app.post(
    '/api/cs/chat',
    {
      config: cs,
      schema: {
        tags: CS_TAGS,
        security,
        summary:
          'Send a text or image to the customer (inside the 24-hour window), or an internal note in an internal room',
        body: z
          .object({
            roomId: z.string(),
            content: z.string().max(4096).optional(),
            type: z.enum(['text', 'image']).default('text'),
            url: z.string().max(2000).optional(),
            fromCs: z.boolean().optional(),
          })
          .refine((body) => (body.type === 'text' ? Boolean(body.content?.trim()) : Boolean(body.url)), {
            message: 'A text needs content; an image needs url',
          }),
        response: { 201: ChatMessageSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await sendChatMessage(deps, request.ctx.actor!, request.body)),
  );
  app.post(
    '/api/cs/chat/image',
    {
      config: cs,
      schema: {
        tags: CS_TAGS,
        security,
        summary:
          'Upload an image (multipart: fields roomId and optional caption, then one file; JPEG, PNG or WebP up to 5 MB) and send it to the customer like a text',
        consumes: ['multipart/form-data'],
        response: { 201: ChatMessageSchema, ...errors, 413: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw fileRequired();
      const file = await request.file({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } });
      if (!file) throw fileRequired();
      const bytes = await file.toBuffer().catch((error: unknown) => {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw imageTooLarge(MAX_IMAGE_BYTES);
        throw error;
      });
      // Fields sent before the file arrive with it.
      const field = (name: string) => {
        const part = file.fields[name];
        const value = Array.isArray(part) ? part[0] : part;
        return value && value.type === 'field' ? String(value.value) : undefined;
      };
      // Multipart fields pass the global text guard (it reads JSON bodies only): check them here.
      for (const name of ['roomId', 'caption']) {
        const value = field(name);
        if (value !== undefined && isUnsafeText(value)) throw invalidText(name);
      }
      const parsed = imageFields.safeParse({ roomId: field('roomId'), caption: field('caption') });
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new AppError(400, 'validation_failed', `${issue.path.join('.')}: ${issue.message}`);
      }
      const input = parsed.data;
      const message = await sendChatImage(deps, request.ctx.actor!, {
        ...input,
        bytes,
        fileName: file.filename || null,
      });
      return reply.status(201).send(message);
    },
  );
  app.get(
    '/api/cs/chat/window',
    {
      config: cs,
      schema: {
        tags: CS_TAGS,
        security,
        summary:
          'The customer’s 24-hour window of a room: free text is allowed while open, until closesAt; after that only templates',
        querystring: z.object({ roomId: z.string() }),
        response: {
          200: z.object({
            roomId: z.string(),
            open: z.boolean(),
            closesAt: z.string().nullable(),
            internal: z.boolean(),
          }),
          ...errors,
        },
      },
    },
    async (request) => getRoomWindow(deps, request.ctx.actor!, request.query.roomId),
  );
  app.post(
    '/api/cs/chat/template',
    {
      config: cs,
      schema: {
        tags: CS_TAGS,
        security,
        summary:
          'Send an active chat template as an approved WhatsApp template (its name and language); allowed after the 24-hour window closed',
        body: z.object({
          roomId: z.string(),
          templateId: z.string(),
          language: z
            .string()
            .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'A WhatsApp language code such as id or en_US')
            .default('id'),
          parameters: z.array(z.string().max(1024)).max(20).default([]),
        }),
        response: { 201: ChatMessageSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await sendTemplateMessage(deps, request.ctx.actor!, request.body)),
  );
  app.get(
    '/api/cs/image',
    {
      config: cs,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'A message’s media: redirects to our stored copy once the channel has stored it',
        querystring: z.object({
          media: z.string().describe('The messageId'),
          mime: z.string().optional(),
          type: z.string().optional(),
          s: z.string().optional(),
          mediaPlatform: z.string().optional(),
        }),
        response: { 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const url = await getMediaUrl(db, request.ctx.actor!, request.query.media);
      return reply.redirect(url, 302);
    },
  );
  app.put(
    '/api/cs/chat/markRead',
    {
      config: cs,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Mark a room’s customer messages read',
        body: z.object({ roomId: z.string() }),
        response: { 200: z.object({ roomId: z.string(), read: z.number() }), ...errors },
      },
    },
    async (request) => markRoomRead(deps, request.ctx.actor!, request.body.roomId),
  );
  app.get(
    '/api/cs/chat/last/customer',
    {
      config: cs,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'The last message of a room from the customer (or from CS with fromCs=true)',
        querystring: z.object({ roomId: z.string(), fromCs: queryFlag }),
        response: { 200: z.object({ message: ChatMessageSchema.nullable() }), ...errors },
      },
    },
    async (request) =>
      getLastMessage(db, request.ctx.actor!, request.query.roomId, isTrue(request.query.fromCs)),
  );
};
