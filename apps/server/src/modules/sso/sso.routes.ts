import { resolveTxt as dnsResolveTxt } from 'node:dns/promises';
import { AuthSessionSchema } from '@aceite/shared/schemas/auth';
import { dataEnvelope, ErrorEnvelopeSchema, OkSchema } from '@aceite/shared/schemas/common';
import {
  SSO_MESSAGES,
  SsoCallbackQuerySchema,
  SsoConnectionInputSchema,
  SsoDomainParamsSchema,
  SsoSamlAcsBodySchema,
  SsoSamlMetadataParamsSchema,
  SsoSettingsSchema,
  SsoStartInputSchema,
  SsoStartResultSchema,
} from '@aceite/shared/schemas/sso';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@/lib/app-error.ts';
import { perIpLimit } from '@/lib/rate-limit.ts';
import { AUTHED_ERRORS, BEARER } from '@/lib/route-schemas.ts';
import { secretBoxKey } from '@/lib/secret-box.ts';
import type { OutboundPolicy } from '@/lib/ssrf-guard.ts';
import { selectConnection } from './sso.queries.ts';
import { spEndpointsOf, spMetadataXml } from './sso.saml.ts';
import * as sso from './sso.service.ts';
import { acceptSamlResponse, finishSso, startSso } from './sso.signin.ts';

export interface SsoRoutesOptions {
  appUrl: string;
  /** The server's secret, from which the client secrets' key is derived (lib/secret-box.ts). */
  secret: string;
  /** The SSRF guard's policy for the issuer (WEBHOOKS_ALLOW_PRIVATE and WEBHOOKS_ALLOWED_PORTS). */
  outbound: OutboundPolicy;
  /** Requests per IP per minute on the sign-in routes (the password sign-in's limit). */
  rateLimitMax: number;
  /** Tests inject one: never real DNS there. */
  resolveTxt?: sso.ResolveTxt;
}

/** Single sign-on with OpenID Connect or SAML 2.0 (issue 40, docs/product.md#single-sign-on). */
export const ssoRoutes: FastifyPluginAsyncZod<SsoRoutesOptions> = async (app, opts) => {
  const secretKey = secretBoxKey(opts.secret, 'sso-client-secret');
  const redirectUri = sso.redirectUriOf(opts.appUrl);
  const deps: sso.SsoDeps = {
    secretKey,
    redirectUri,
    resolveTxt: opts.resolveTxt ?? dnsResolveTxt,
    appUrl: opts.appUrl,
    outbound: opts.outbound,
  };
  // The identity provider posts the SAML response form-encoded (HTTP-POST binding) to the ACS. Scoped to this
  // plugin: no other route here takes a form; a signed response with its certificate is some kilobytes.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 * 1024 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const signIn = {
    auth: { db: app.db, tokens: app.accessTokens, appUrl: opts.appUrl },
    secretKey,
    redirectUri,
    outbound: opts.outbound,
  };
  const settingsTags = ['settings'];

  app.get(
    '/settings/sso',
    {
      onRequest: app.authenticate,
      schema: {
        tags: settingsTags,
        security: BEARER,
        summary:
          "The SSO connection (OpenID Connect or SAML 2.0), its domains and their DNS records, and our SAML service provider's entity id and ACS (admin)",
        response: { 200: dataEnvelope(SsoSettingsSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await sso.getSsoSettings(req.tenant, deps) }),
  );

  app.put(
    '/settings/sso',
    {
      onRequest: app.authenticate,
      schema: {
        tags: settingsTags,
        security: BEARER,
        summary:
          'Save the SSO connection: OpenID Connect (issuer, client) or SAML 2.0 (the identity provider\'s metadata by URL, read by the server, or pasted), email domains, the role of new people, "Exigir SSO" and its break-glass admin (admin; Enterprise)',
        body: SsoConnectionInputSchema,
        response: {
          200: dataEnvelope(SsoSettingsSchema),
          ...AUTHED_ERRORS,
          422: ErrorEnvelopeSchema,
          503: ErrorEnvelopeSchema,
        },
      },
    },
    async (req) => ({ data: await sso.updateSsoSettings(req.tenant, deps, req.body) }),
  );

  app.delete(
    '/settings/sso',
    {
      onRequest: app.authenticate,
      schema: {
        tags: settingsTags,
        security: BEARER,
        summary: 'Remove the SSO connection and its domains (admin)',
        response: { 200: OkSchema, ...AUTHED_ERRORS },
      },
    },
    async (req) => {
      await sso.deleteSsoSettings(req.tenant);
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/settings/sso/domains/:domain/verify',
    {
      onRequest: app.authenticate,
      schema: {
        tags: settingsTags,
        security: BEARER,
        summary: "Check the domain's TXT record _aceite-verification.<domain> (admin; Enterprise)",
        params: SsoDomainParamsSchema,
        response: { 200: dataEnvelope(SsoSettingsSchema), ...AUTHED_ERRORS, 422: ErrorEnvelopeSchema },
      },
    },
    async (req) => ({ data: await sso.verifySsoDomain(req.tenant, deps, req.params.domain) }),
  );

  const authErrors = {
    400: ErrorEnvelopeSchema,
    401: ErrorEnvelopeSchema,
    403: ErrorEnvelopeSchema,
    429: ErrorEnvelopeSchema,
    503: ErrorEnvelopeSchema,
  };

  app.post(
    '/auth/sso/start',
    {
      config: perIpLimit(opts.rateLimitMax),
      schema: {
        tags: ['auth'],
        summary:
          "The sign-in's first step: for an email of a verified SSO domain, the identity provider's authorization URL; otherwise the password applies",
        body: SsoStartInputSchema,
        response: { 200: dataEnvelope(SsoStartResultSchema), ...authErrors },
      },
    },
    async (req) => ({ data: await startSso(signIn, req.body.email) }),
  );

  app.get(
    '/auth/sso/callback',
    {
      config: perIpLimit(opts.rateLimitMax),
      schema: {
        tags: ['auth'],
        summary:
          "Finish the SSO sign-in with the provider's answer (the query it sent back to the redirect URI, as is): a session like the password sign-in's",
        querystring: SsoCallbackQuerySchema,
        response: { 200: dataEnvelope(AuthSessionSchema), ...authErrors },
      },
    },
    async (req) => {
      // openid-client checks the answer as the provider sent it (state, code, iss): the raw query, not the parsed one.
      const rawQuery = req.url.slice(req.url.indexOf('?') + 1);
      return {
        data: await finishSso(
          signIn,
          { state: req.query.state, code: req.query.code, rawQuery },
          { ip: req.ip, userAgent: req.headers['user-agent'] },
        ),
      };
    },
  );

  app.get(
    '/auth/sso/saml/:organizationId/metadata',
    {
      config: perIpLimit(opts.rateLimitMax),
      schema: {
        tags: ['auth'],
        summary:
          "Our SAML service provider's metadata for the organization (entity id, ACS URL), to give its identity provider",
        params: SsoSamlMetadataParamsSchema,
        response: {
          200: z.string().describe('SAML 2.0 metadata (application/samlmetadata+xml)'),
          400: ErrorEnvelopeSchema,
          404: ErrorEnvelopeSchema,
          429: ErrorEnvelopeSchema,
        },
      },
    },
    async (req, reply) => {
      const organizationId = req.params.organizationId;
      const connection = await selectConnection({ db: app.db, organizationId });
      if (connection?.protocol !== 'saml') throw new AppError('NOT_FOUND', SSO_MESSAGES.notConfigured);
      return reply
        .type('application/samlmetadata+xml; charset=utf-8')
        .header('content-disposition', 'attachment; filename="aceite-saml-metadata.xml"')
        .send(spMetadataXml(spEndpointsOf(opts.appUrl, organizationId)));
    },
  );

  app.post(
    '/auth/sso/saml/acs',
    {
      config: perIpLimit(opts.rateLimitMax),
      schema: {
        tags: ['auth'],
        summary:
          "SAML's assertion consumer service: the identity provider posts the response (form-encoded); a valid one sends the browser to /entrar/sso with a one-time code that the callback exchanges for the session",
        consumes: ['application/x-www-form-urlencoded'],
        body: SsoSamlAcsBodySchema,
        description:
          'A browser (Accept: text/html) refused is sent to /entrar/sso?error=…&state=… instead of the error envelope.',
        response: {
          303: z.null().describe('To /entrar/sso?code=…&state=… (or ?error=…&state=… for a refused browser)'),
          ...authErrors,
        },
      },
    },
    async (req, reply) => {
      try {
        const location = await acceptSamlResponse(signIn, req.body, (reason) =>
          req.log.info({ reason }, 'saml response refused'),
        );
        return reply.redirect(location, 303);
      } catch (error) {
        // A person's browser (the IdP's page posted the form) is sent back to /entrar/sso, whose page shows the
        // failure and the way back to the sign-in, rather than the envelope's JSON; other callers get the envelope.
        const relayState = req.body.RelayState;
        if (error instanceof AppError && relayState && req.headers.accept?.includes('text/html')) {
          const query = new URLSearchParams({ error: error.code.toLowerCase(), state: relayState });
          return reply.redirect(`${redirectUri}?${query.toString()}`, 303);
        }
        throw error;
      }
    },
  );
};
