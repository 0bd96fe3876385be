import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '@/db/client.ts';
import { auditImpersonatedWrite } from '@/modules/admin/admin.service.ts';

const READS = ['GET', 'HEAD', 'OPTIONS'];

/**
 * Every write made while impersonating lands in the audit log with both accounts
 * (docs/product.md#platform-administration), before the answer leaves: when the client has its answer, the
 * record exists. A failed audit is logged, never turned into a failed answer (the write has already
 * happened).
 */
export const impersonationAuditPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db }) => {
    app.addHook('onSend', async (req, reply, payload) => {
      const claims = req.auth;
      if (!claims?.impersonatorId || READS.includes(req.method)) return payload;
      await auditImpersonatedWrite(opts.db, claims, {
        method: req.method,
        route: req.routeOptions.url ?? req.url,
        url: req.url.split('?')[0] ?? req.url,
        statusCode: reply.statusCode,
        ip: req.ip,
      }).catch((error) => req.log.error({ err: error }, 'impersonation audit failed'));
      return payload;
    });
  },
  { name: 'impersonation-audit', dependencies: ['auth'] },
);
