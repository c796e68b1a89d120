import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { agentsRoutes } from './agents/agents.routes.js';
import { analyticsRoutes } from './analytics/analytics.routes.js';
import { availabilityRoutes } from './availability/availability.routes.js';
import { categoriesRoutes } from './categories/categories.routes.js';
import { chatRoutes } from './chat/chat.routes.js';
import { contactMessagesRoutes } from './chat/contact-messages.routes.js';
import { configurationRoutes } from './configuration/configuration.routes.js';
import { dashboardRoutes } from './dashboard/dashboard.routes.js';
import { exportsRoutes } from './exports/exports.routes.js';
import type { InboxDeps } from './inbox.deps.js';
import { roomsRoutes } from './rooms/rooms.routes.js';
import { templatesRoutes } from './templates/templates.routes.js';

/** The customer-service platform under /api/cs (spec §7). */
export const inboxRoutes: FastifyPluginAsync<{ deps: InboxDeps }> = async (app, { deps }) => {
  await app.register(multipart, { limits: { files: 1, fileSize: 20 * 1024 * 1024, fields: 10 } });
  await app.register(configurationRoutes, { deps });
  await app.register(agentsRoutes, { deps });
  await app.register(contactMessagesRoutes, { deps });
  await app.register(roomsRoutes, { deps });
  await app.register(chatRoutes, { deps });
  await app.register(exportsRoutes, { deps });
  await app.register(templatesRoutes, { deps });
  await app.register(categoriesRoutes, { deps });
  await app.register(dashboardRoutes, { deps });
  await app.register(analyticsRoutes, { deps });
  await app.register(availabilityRoutes, { deps });
};
