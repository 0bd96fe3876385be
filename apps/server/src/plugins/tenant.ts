import { MESSAGES } from '@aceite/shared/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '@/db/client.ts';
import { AppError } from '@/lib/app-error.ts';
import type { ActorContext, TenantContext } from '@/lib/tenant-scope.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
  interface FastifyRequest {
    /** The caller's organization context, built only from the verified session. */
    readonly tenant: TenantContext;
    /** The verified caller, organization or not (platform accounts). */
    readonly actor: ActorContext;
  }
}

/**
 * The organization of a request comes from the verified access token and nowhere else
 * (docs/product.md#organizations-and-tenancy):
 * never from a body, query, path or header.
 */
export const tenantPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db }) => {
    app.decorate('db', opts.db);
    app.decorateRequest('tenant', {
      getter(this: FastifyRequest): TenantContext {
        const auth = this.auth;
        if (!auth) throw new AppError('UNAUTHENTICATED', MESSAGES.notAuthenticated);
        // Platform accounts without an organization have no tenant data to read or write.
        if (!auth.organizationId) throw new AppError('FORBIDDEN', MESSAGES.forbidden);
        return {
          db: opts.db,
          organizationId: auth.organizationId,
          userId: auth.userId,
          role: auth.role,
          impersonatorId: auth.impersonatorId,
          apiKey: auth.apiKey,
        };
      },
    });
    app.decorateRequest('actor', {
      getter(this: FastifyRequest): ActorContext {
        const auth = this.auth;
        if (!auth) throw new AppError('UNAUTHENTICATED', MESSAGES.notAuthenticated);
        return {
          db: opts.db,
          organizationId: auth.organizationId,
          userId: auth.userId,
          role: auth.role,
          impersonatorId: auth.impersonatorId,
          apiKey: auth.apiKey,
        };
      },
    });
  },
  { name: 'tenant', dependencies: ['auth'] },
);
