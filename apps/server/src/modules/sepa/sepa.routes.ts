import { dataEnvelope } from '@aceite/shared/schemas/common';
import {
  PaymentSettingsSchema,
  SepaCreditorInputSchema,
  SepaReadinessSchema,
} from '@aceite/shared/schemas/sepa-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTHED_ERRORS, BEARER } from '@/lib/route-schemas.ts';
import * as sepa from './sepa.service.ts';

/** Configurações → Pagamentos (issue 39, docs/product.md#sepa-direct-debit). */
export const sepaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['settings'];

  app.get(
    '/settings/payments',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'The SEPA Direct Debit creditor (admin; docs/product.md#sepa-direct-debit)',
        response: { 200: dataEnvelope(PaymentSettingsSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await sepa.getPaymentSettings(req.tenant) }),
  );

  app.get(
    '/settings/payments/readiness',
    {
      schema: {
        tags,
        security: BEARER,
        summary:
          'Whether a proposal can collect by SEPA Direct Debit: the plan includes it, the creditor is saved, its default pattern (every member; docs/product.md#the-schedule-in-the-proposal)',
        response: { 200: dataEnvelope(SepaReadinessSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await sepa.getSepaReadiness(req.tenant) }),
  );

  app.put(
    '/settings/payments',
    {
      schema: {
        tags,
        security: BEARER,
        summary:
          'Save the SEPA Direct Debit creditor: name, creditor identifier, IBAN, BIC, default collection pattern (admin; Professional and up)',
        body: SepaCreditorInputSchema,
        response: { 200: dataEnvelope(PaymentSettingsSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await sepa.updatePaymentSettings(req.tenant, req.body) }),
  );
};
