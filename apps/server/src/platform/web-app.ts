import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { access } from './request-context.js';
import { fromServerRoot } from './server-root.js';

const defaultWebDist = fromServerRoot(import.meta.url, '../web/dist');

/** Serves the built web app at `/` (hash routing: one index.html, no server-side routes). */
export async function registerWebApp(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const root = path.resolve(webDist ?? defaultWebDist);
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'web app is not built; run `npm run build`');
    return;
  }
  await app.register(async (web) => {
    web.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: access.public() };
      route.schema = { ...route.schema, hide: true };
    });
    await web.register(fastifyStatic, {
      root,
      // One route that looks the file up when asked: a route per file was ~600 files × GET and HEAD
      // (each chunk and its source map), about half of the start's route registration (issue 19 goal 4).
      wildcard: true,
      // What the build writes beside the app for tools (`.vite/manifest.json`) is not for browsers.
      dotfiles: 'ignore',
      index: 'index.html',
      // Built assets have content hashes in their names; index.html must be fetched fresh to find them.
      maxAge: '30d',
      immutable: true,
      setHeaders: (response, filePath) => {
        if (filePath.endsWith('.html')) response.header('cache-control', 'no-cache');
      },
    });
  });
}
