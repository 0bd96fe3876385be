import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built web app: `/` is the prerendered landing page, `/login` the SPA shell with the sign-in screen
 * prerendered, hashed assets are cached for a year, and every other non-API path gets the SPA shell
 * (client-side routes).
 */
export const staticPlugin = fp(
  async (app: FastifyInstance, opts: { root: string }) => {
    const root = path.resolve(opts.root);
    const landing = existsSync(path.join(root, 'landing.html')) ? 'landing.html' : 'index.html';
    await app.register(fastifyStatic, {
      root,
      index: false,
      wildcard: true,
      // The build leaves dot-folders behind (Vite's .vite/manifest.json): nothing under a dot is served.
      dotfiles: 'ignore',
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          res.header('Cache-Control', 'no-cache');
        }
      },
    });
    app.get('/', { schema: { hide: true } }, (_req, reply) =>
      reply.header('Cache-Control', 'no-cache').sendFile(landing),
    );
    // The client's proposal page has its own small bundle (no private app code); no referrer leaves it, so the
    // token in its URL never reaches third-party sites through links in the proposal.
    if (existsSync(path.join(root, 'public-proposal.html'))) {
      app.get('/p/:publicToken', { schema: { hide: true } }, (_req, reply) =>
        reply
          .header('Cache-Control', 'no-cache')
          .header('Referrer-Policy', 'no-referrer')
          .sendFile('public-proposal.html'),
      );
      // The reminders' opt-out page (docs/product.md#reminders): the same bundle, which shows only the opt-out.
      app.get('/p/:publicToken/lembretes', { schema: { hide: true } }, (_req, reply) =>
        reply
          .header('Cache-Control', 'no-cache')
          .header('Referrer-Policy', 'no-referrer')
          .sendFile('public-proposal.html'),
      );
    }
    // The sign-in screen prerendered into the SPA shell (apps/web/scripts/prerender.mjs): it paints before the
    // app's JavaScript has loaded; the SPA then takes over the page as on any other route.
    if (existsSync(path.join(root, 'login.html'))) {
      app.get('/login', { schema: { hide: true } }, (_req, reply) =>
        reply.header('Cache-Control', 'no-cache').sendFile('login.html'),
      );
    }
    app.decorate('sendSpaShell', true);
  },
  { name: 'static' },
);

declare module 'fastify' {
  interface FastifyInstance {
    sendSpaShell?: boolean;
  }
}
