import { MESSAGES } from '@aceite/shared/messages';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The one not-found answer: client-side routes get the SPA shell (when the built SPA is served, see
 * plugins/static.ts); API paths, other methods and missing files (a path with an extension) get the JSON 404
 * in the error envelope.
 */
export const notFoundPlugin = fp(
  async (app: FastifyInstance) => {
    app.setNotFoundHandler((req, reply) => {
      const url = req.url.split('?')[0] ?? '';
      if (url.startsWith('/api') || req.method !== 'GET' || !app.sendSpaShell || /\.[a-z0-9]+$/i.test(url)) {
        return reply
          .status(404)
          .send({ error: { code: 'NOT_FOUND', message: MESSAGES.routeNotFound, requestId: req.id } });
      }
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'not-found' },
);
