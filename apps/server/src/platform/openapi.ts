import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { PRODUCT_VERSION } from '@sapa/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { access } from './request-context.js';

/** OpenAPI from the routes' Zod schemas; `/docs` serves the UI. `openapi.json` is committed and tested. */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Sapa API',
          version: PRODUCT_VERSION,
          description:
            'Multi-tenant business messaging and customer-service portal. Authenticated calls carry ' +
            '`Authorization: Bearer <token>`; unsafe methods also carry the `x-csrf-token` header that every ' +
            'authenticated response hands out. JSON bodies of a logged-in session carry an integrity `hash`. ' +
            "The public API (`/api/v1`) is called by a client's own systems with the client's API secret " +
            '(issued by `POST /api/clients/apiSecret`) as `Authorization: Bearer <secret>`, without CSRF.',
        },
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            apiSecret: { type: 'http', scheme: 'bearer', description: "The client's API secret" },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(async (docs) => {
      // The UI's own routes are documentation, open to anyone.
      docs.addHook('onRoute', (route) => {
        route.config = { ...route.config, access: access.public() };
      });
      await docs.register(swaggerUi, { routePrefix: '/docs' });
    });
  },
  { name: 'openapi' },
);
