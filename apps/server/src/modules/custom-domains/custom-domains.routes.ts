import { resolveTxt as dnsResolveTxt } from 'node:dns/promises';
import { dataEnvelope, ErrorEnvelopeSchema, OkSchema } from '@aceite/shared/schemas/common';
import {
  CUSTOM_DOMAIN_MESSAGES,
  CustomDomainInputSchema,
  CustomDomainSettingsSchema,
  TlsAskQuerySchema,
} from '@aceite/shared/schemas/custom-domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@/lib/app-error.ts';
import type { ResolveTxt } from '@/lib/domain-verification.ts';
import { perIpLimit } from '@/lib/rate-limit.ts';
import { AUTHED_ERRORS, BEARER } from '@/lib/route-schemas.ts';
import { selectHostOwner } from './custom-domains.queries.ts';
import * as domains from './custom-domains.service.ts';

export interface CustomDomainRoutesOptions {
  /** The app's own host (APP_URL's). */
  appHost: string;
  /** Requests per IP per minute on the ask endpoint (the public routes' limit). */
  rateLimitMax: number;
  /** Tests inject one: never real DNS there. */
  resolveTxt?: ResolveTxt;
}

/** White-label: the custom domain of the client-facing pages (issue 40, docs/product.md#white-label). */
export const customDomainRoutes: FastifyPluginAsyncZod<CustomDomainRoutesOptions> = async (app, opts) => {
  const deps: domains.CustomDomainDeps = {
    appHost: opts.appHost,
    resolveTxt: opts.resolveTxt ?? dnsResolveTxt,
  };
  const tags = ['settings'];

  app.get(
    '/settings/custom-domain',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: BEARER,
        summary:
          'The custom domain of the client-facing pages, its status and the DNS records to create (admin)',
        response: { 200: dataEnvelope(CustomDomainSettingsSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await domains.getCustomDomain(req.tenant, deps) }),
  );

  app.put(
    '/settings/custom-domain',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: BEARER,
        summary:
          'Set the custom domain of the client-facing pages, to be verified by DNS (admin; Enterprise)',
        body: CustomDomainInputSchema,
        response: { 200: dataEnvelope(CustomDomainSettingsSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await domains.setCustomDomain(req.tenant, deps, req.body.domain) }),
  );

  app.delete(
    '/settings/custom-domain',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: BEARER,
        summary:
          'Remove the custom domain: the client-facing pages are served on the app’s own host again (admin)',
        response: { 200: OkSchema, ...AUTHED_ERRORS },
      },
    },
    async (req) => {
      await domains.removeCustomDomain(req.tenant);
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/settings/custom-domain/verify',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: BEARER,
        summary: "Check the domain's TXT record _aceite-verification.<domain> (admin; Enterprise)",
        response: {
          200: dataEnvelope(CustomDomainSettingsSchema),
          ...AUTHED_ERRORS,
          422: ErrorEnvelopeSchema,
        },
      },
    },
    async (req) => ({ data: await domains.verifyCustomDomain(req.tenant, deps) }),
  );

  // Caddy's on-demand TLS asks before it requests a certificate (docs/deployment.md): only verified domains get one.
  app.get(
    '/tls/ask',
    {
      config: perIpLimit(opts.rateLimitMax),
      schema: {
        tags: ['public'],
        security: [],
        summary: "The reverse proxy's on-demand TLS check: 200 for a verified custom domain, 404 otherwise",
        querystring: TlsAskQuerySchema,
        response: {
          200: dataEnvelope(z.object({ domain: z.string() })),
          400: ErrorEnvelopeSchema,
          404: ErrorEnvelopeSchema,
          429: ErrorEnvelopeSchema,
        },
      },
    },
    async (req) => {
      const domain = req.query.domain.trim().toLowerCase();
      if (!(await selectHostOwner(app.db, domain)))
        throw new AppError('NOT_FOUND', CUSTOM_DOMAIN_MESSAGES.unknownHost);
      return { data: { domain } };
    },
  );
};
