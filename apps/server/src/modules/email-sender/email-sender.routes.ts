import { resolveTxt as dnsResolveTxt } from 'node:dns/promises';
import { dataEnvelope, ErrorEnvelopeSchema, OkSchema } from '@aceite/shared/schemas/common';
import { EmailSenderInputSchema, EmailSenderSettingsSchema } from '@aceite/shared/schemas/email-sender';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ResolveTxt } from '@/lib/domain-verification.ts';
import { AUTHED_ERRORS, BEARER } from '@/lib/route-schemas.ts';
import { secretBoxKey } from '@/lib/secret-box.ts';
import * as senders from './email-sender.service.ts';

export interface EmailSenderRoutesOptions {
  /** The server's secret: the DKIM private keys are sealed under a key derived from it. */
  secret: string;
  /** Tests inject one: never real DNS there. */
  resolveTxt?: ResolveTxt;
}

/** White-label: the organization's own sender of its emails to clients (issue 40, docs/product.md#white-label). */
export const emailSenderRoutes: FastifyPluginAsyncZod<EmailSenderRoutesOptions> = async (app, opts) => {
  const deps: senders.EmailSenderDeps = {
    resolveTxt: opts.resolveTxt ?? dnsResolveTxt,
    secretKey: secretBoxKey(opts.secret, 'dkim'),
  };
  const tags = ['settings'];

  app.get(
    '/settings/email-sender',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: BEARER,
        summary: "The sender of the organization's emails to clients, its status and the DNS records (admin)",
        response: { 200: dataEnvelope(EmailSenderSettingsSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await senders.getEmailSender(req.tenant) }),
  );

  app.put(
    '/settings/email-sender',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: BEARER,
        summary:
          "Set the name and address the organization's emails to clients come from, to be verified by DNS (admin; Enterprise)",
        body: EmailSenderInputSchema,
        response: { 200: dataEnvelope(EmailSenderSettingsSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await senders.setEmailSender(req.tenant, deps, req.body) }),
  );

  app.delete(
    '/settings/email-sender',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: BEARER,
        summary: 'Remove the sender and its DKIM key: emails to clients come from the platform again (admin)',
        response: { 200: OkSchema, ...AUTHED_ERRORS },
      },
    },
    async (req) => {
      await senders.removeEmailSender(req.tenant);
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/settings/email-sender/verify',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: BEARER,
        summary:
          "Check the domain's TXT record and the DKIM record <selector>._domainkey.<domain> (admin; Enterprise)",
        response: {
          200: dataEnvelope(EmailSenderSettingsSchema),
          ...AUTHED_ERRORS,
          422: ErrorEnvelopeSchema,
        },
      },
    },
    async (req) => ({ data: await senders.verifyEmailSender(req.tenant, deps) }),
  );
};
