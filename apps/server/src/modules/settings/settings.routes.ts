import { dataEnvelope, ErrorEnvelopeSchema, OkSchema } from '@aceite/shared/schemas/common';
import { PlanUsageSchema } from '@aceite/shared/schemas/plan-usage';
import {
  ChangePasswordInputSchema,
  OrganizationBrandingSchema,
  OrganizationInputSchema,
  OrganizationSchema,
  ProfileInputSchema,
  ProfileSchema,
} from '@aceite/shared/schemas/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '@/lib/access.ts';
import { perUserLimit } from '@/lib/rate-limit.ts';
import { AUTHED_ERRORS, BEARER } from '@/lib/route-schemas.ts';
import * as settings from './settings.service.ts';

export interface SettingsRoutesOptions {
  /** Password changes per user per hour. */
  passwordChangeLimitPerHour: number;
}

export const settingsRoutes: FastifyPluginAsyncZod<SettingsRoutesOptions> = async (app, opts) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['settings'];

  app.get(
    '/settings/profile',
    {
      schema: {
        tags,
        security: BEARER,
        summary: "The caller's profile",
        response: { 200: dataEnvelope(ProfileSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await settings.getProfile(req.actor) }),
  );

  app.put(
    '/settings/profile',
    {
      schema: {
        tags,
        security: BEARER,
        summary: "Change the caller's profile",
        body: ProfileInputSchema,
        response: { 200: dataEnvelope(ProfileSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await settings.updateProfile(req.actor, req.body) }),
  );

  app.put(
    '/settings/password',
    {
      // Each attempt checks the current password: a stolen session must not be a way to guess it.
      config: perUserLimit(opts.passwordChangeLimitPerHour, '1 hour'),
      schema: {
        tags,
        security: BEARER,
        summary: 'Change the password (current one checked; other sessions signed out)',
        body: ChangePasswordInputSchema,
        response: { 200: OkSchema, ...AUTHED_ERRORS, 429: ErrorEnvelopeSchema },
      },
    },
    async (req) => {
      await settings.changePassword(req.actor, req.body, requireAuth(req).sessionId);
      return { data: { ok: true as const } };
    },
  );

  app.get(
    '/settings/organization/branding',
    {
      schema: {
        tags,
        security: BEARER,
        summary: "The organization's name, colour and logo (every member; shown in the top bar)",
        response: { 200: dataEnvelope(OrganizationBrandingSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await settings.getOrganizationBranding(req.tenant) }),
  );

  app.get(
    '/settings/organization',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Organization settings (admin)',
        response: { 200: dataEnvelope(OrganizationSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await settings.getOrganization(req.tenant) }),
  );

  app.get(
    '/settings/organization/usage',
    {
      schema: {
        tags,
        security: BEARER,
        summary:
          "The organization's plan and usage: proposals this month, users, templates, storage (admin; docs/product.md#plans)",
        response: { 200: dataEnvelope(PlanUsageSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await settings.getPlanUsage(req.tenant) }),
  );

  app.put(
    '/settings/organization',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Update name, domain, brand colour and logo (admin)',
        body: OrganizationInputSchema,
        response: { 200: dataEnvelope(OrganizationSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await settings.updateOrganization(req.tenant, req.body) }),
  );
};
