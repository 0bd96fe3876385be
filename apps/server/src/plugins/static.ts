import { existsSync } from 'node:fs';
import path from 'node:path';
import { PublicTokenParamsSchema } from '@aceite/shared/schemas/public-proposals';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import {
  loadPublicPage,
  PUBLIC_PAGE_TEMPLATE,
  type PublicPage,
  type PublicPageSource,
} from '@/lib/public-page.ts';

export interface StaticOptions {
  root: string;
  /**
   * The public proposals service's read of a link and its marker (passed in by app.ts): what /p/{token} is
   * rendered from, without counting a view.
   */
  publicPage?: PublicPageSource;
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
      const page: PublicPage | null = opts.publicPage
        ? await loadPublicPage(root, opts.publicPage).catch((error: unknown) => {
            // A broken render module must not keep the app down: the shell still serves the page.
            app.log.error({ err: error }, 'public page: render module not loaded, serving the static shell');
            return null;
          })
        : null;
      // The per-IP limit of the public API's reads, counted only when the page has to be read and rendered (an
      // unknown link, a changed proposal): a page served from the cache costs one indexed statement, less
      // than counting it would. Over the limit the static shell answers, which asks the API itself.
      const max = opts.publicPageRateLimitMax;
      const reads = max
        ? app.createRateLimit({ max, timeWindow: 60_000, keyGenerator: (req) => `p:${req.ip}` })
        : null;
      if (page) {
        app.get<{ Params: { publicToken: string } }>(
          '/p/:publicToken',
          {
            schema: { hide: true },
          },
          async (req, reply) => {
            const { publicToken } = req.params;
            // The render never counts a view: only the browser knows a member's session, so the page counts
            // its visit once it has loaded (POST /public/proposals/{token}/views, docs/product.md#views).
            let answer: { status: 200 | 404; html: string } | null;
            try {
              answer = PublicTokenParamsSchema.safeParse(req.params).success
                ? await page.respond(
                    publicToken,
                    { ip: req.ip, userAgent: req.headers['user-agent'] },
                    async () => {
                      // isAllowed: an allow-listed caller; otherwise counted, and refused past the limit.
                      const limit = reads ? await reads(req) : null;
                      return !limit || limit.isAllowed || !limit.isExceeded;
                    },
                  )
                : page.notFound();
            } catch (error) {
              // The database failing: the shell shows its own error with 'Tentar novamente'.
              req.log.error({ err: error }, 'public page: proposal not read, serving the static shell');
              return shell(reply);
            }
            if (!answer) return shell(reply);
            const { status, html } = answer;
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
