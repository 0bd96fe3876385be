import { z } from 'zod';
import { PLAN_MESSAGES } from '../messages.ts';

/*
 * "Mudar de plano" (issue 38, docs/product.md#plans): an admin asks for another plan; the superadmin applies it
 * by hand until payment collection exists (docs/decisions.md, "Plans: upgrades before payment collection").
 */

export const PLAN_IDS = ['starter', 'professional', 'enterprise'] as const;
export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
export const UPGRADE_REQUEST_STATUSES = ['pending', 'applied', 'dismissed'] as const;

export const PlanIdSchema = z.enum(PLAN_IDS, { error: PLAN_MESSAGES.planInvalid });

/** `POST /settings/organization/upgrade-requests`: replaces the pending request, if there is one. */
export const UpgradeRequestInputSchema = z.object({
  plan: PlanIdSchema,
  billingPeriod: z.enum(BILLING_PERIODS, { error: PLAN_MESSAGES.billingPeriodInvalid }),
  note: z
    .string()
    .trim()
    .max(1000, PLAN_MESSAGES.upgradeNoteTooLong)
    .nullish()
    .transform((v) => v || null),
});
export type UpgradeRequestInput = z.input<typeof UpgradeRequestInputSchema>;

export const UpgradeRequestSchema = z.object({
  id: z.uuid(),
  plan: z.enum(PLAN_IDS),
  billingPeriod: z.enum(BILLING_PERIODS),
  note: z.string().nullable(),
  status: z.enum(UPGRADE_REQUEST_STATUSES),
  /** Who asked ("Nome Apelido"); null once that account is gone. */
  requestedBy: z.string().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type UpgradeRequest = z.infer<typeof UpgradeRequestSchema>;

/** `GET /settings/organization/upgrade-requests`: the pending request, or null. */
export const PendingUpgradeRequestSchema = z.object({ pending: UpgradeRequestSchema.nullable() });
export type PendingUpgradeRequest = z.infer<typeof PendingUpgradeRequestSchema>;

/** The superadmin's list: each request with its organization and that organization's plan now. */
export const AdminUpgradeRequestSchema = UpgradeRequestSchema.extend({
  organization: z.object({ id: z.uuid(), name: z.string(), plan: z.string() }),
});
export type AdminUpgradeRequest = z.infer<typeof AdminUpgradeRequestSchema>;

export const AdminUpgradeRequestsQuerySchema = z.object({
  status: z.enum(UPGRADE_REQUEST_STATUSES).default('pending'),
});

export const AdminUpgradeRequestsSchema = z.object({ requests: z.array(AdminUpgradeRequestSchema) });
