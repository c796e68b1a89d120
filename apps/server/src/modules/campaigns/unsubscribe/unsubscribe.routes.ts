import { providerCallbackOperations } from '@sapa/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../platform/database.js';
import { routeOperation } from '../../../platform/operation-route.js';
import { getUnsubscribeTarget, unsubscribeByLink } from './unsubscribe.service.js';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const htmlPage = (reply: FastifyReply, title: string, body: string) =>
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem"><h1>${title}</h1>${body}</body></html>`,
    );

/**
 * The unsubscribe link of campaign mail, outside the login. A GET only shows the question (mail
 * scanners open links); the POST unsubscribes: the page's button, or the mail client's RFC 8058
 * one-click POST (`List-Unsubscribe=One-Click`, form-encoded).
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod<{ db: Database; key: Buffer }> = async (
  app,
  { db, key },
) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  routeOperation(app, providerCallbackOperations.unsubscribePage, async (request, reply) => {
    const { address } = getUnsubscribeTarget(key, request.query.t);
    return htmlPage(
      reply,
      'Unsubscribe',
      `<p>Stop sending email to <strong>${escapeHtml(address)}</strong>?</p><form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
    );
  });

  routeOperation(app, providerCallbackOperations.unsubscribe, async (request, reply) => {
    const { address } = await unsubscribeByLink(db, key, request.query.t, {
      ip: request.ip,
      userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
    });
    return htmlPage(
      reply,
      'You are unsubscribed',
      `<p>No more campaign email will be sent to <strong>${escapeHtml(address)}</strong>.</p>`,
    );
  });
};
