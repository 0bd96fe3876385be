import { existsSync } from 'node:fs';
import path from 'node:path';
import type { PublicProposal } from '@aceite/shared/schemas/public-proposals';
import { PublicTokenParamsSchema } from '@aceite/shared/schemas/public-proposals';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import {
  type InitialPage,
  initialPageOf,
  loadPublicPage,
  PUBLIC_PAGE_TEMPLATE,
  type PublicPage,
} from '@/lib/public-page.ts';
import { perIpLimit } from '@/lib/rate-limit.ts';

export interface StaticOptions {
  root: string;
  /**
   * The public API's read of a proposal by its token, without counting a view (the public proposals service's
   * `viewProposal`, passed in by app.ts): what /p/{token} is rendered from.
   */
  readPublicProposal?: (
    publicToken: string,
    meta: { ip: string; userAgent?: string },
  ) => Promise<PublicProposal>;
  /** Page renders per IP per minute, as the public API's reads. */
  publicPageRateLimitMax?: number;
}

/**
 * Serves the built web app: `/` is the prerendered landing page, `/login` the SPA shell with the sign-in screen
 * prerendered, hashed assets are cached for a year, and every other non-API path gets the SPA shell
 * (client-side routes).
 */
export const staticPlugin = fp(
  async (app: FastifyInstance, opts: StaticOptions) => {
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
    if (existsSync(path.join(root, PUBLIC_PAGE_TEMPLATE))) {
      const shell = (reply: FastifyReply) =>
        reply
          .header('Cache-Control', 'no-cache')
          .header('Referrer-Policy', 'no-referrer')
          .sendFile(PUBLIC_PAGE_TEMPLATE);
      // Rendered on the server when the web build has the render module (docs/architecture.md, "The public
      // page"); else the static shell, which reads the proposal itself.
      const page: PublicPage | null = opts.readPublicProposal
        ? await loadPublicPage(root).catch((error: unknown) => {
            // A broken render module must not keep the app down: the shell still serves the page.
            app.log.error({ err: error }, 'public page: render module not loaded, serving the static shell');
            return null;
          })
        : null;
      const read = opts.readPublicProposal;
      if (page && read) {
        app.get<{ Params: { publicToken: string } }>(
          '/p/:publicToken',
          {
            schema: { hide: true },
            ...(opts.publicPageRateLimitMax ? { config: perIpLimit(opts.publicPageRateLimitMax) } : {}),
          },
          async (req, reply) => {
            const { publicToken } = req.params;
            // The render never counts a view: only the browser knows a member's session, so the page counts
            // its visit once it has loaded (POST /public/proposals/{token}/views, docs/product.md#views).
            let initial: InitialPage = { kind: 'not-found' };
            try {
              if (PublicTokenParamsSchema.safeParse(req.params).success) {
                initial = await initialPageOf(() =>
                  read(publicToken, { ip: req.ip, userAgent: req.headers['user-agent'] }),
                );
              }
            } catch (error) {
              // The database failing: the shell shows its own error with 'Tentar novamente'.
              req.log.error({ err: error }, 'public page: proposal not read, serving the static shell');
              return shell(reply);
            }
            const { status, html } = page.render(initial, publicToken);
            // Per link and changing with the proposal: never kept by a browser or a shared cache.
            return reply
              .status(status)
              .header('Cache-Control', 'no-store')
              .header('Referrer-Policy', 'no-referrer')
              .type('text/html; charset=utf-8')
              .send(html);
          },
        );
      } else {
        app.get('/p/:publicToken', { schema: { hide: true } }, (_req, reply) => shell(reply));
      }
      // The reminders' opt-out page (docs/product.md#reminders): the same bundle, which shows only the opt-out.
      app.get('/p/:publicToken/lembretes', { schema: { hide: true } }, (_req, reply) => shell(reply));
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
