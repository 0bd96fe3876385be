import { z } from 'zod';

/** One counted figure of the plan: what is used and the plan's limit (null: unlimited). */
export const UsageFigureSchema = z.object({
  used: z.number().int().nonnegative(),
  limit: z.number().int().nullable(),
});
export type UsageFigure = z.infer<typeof UsageFigureSchema>;

/**
 * The organization's plan and what it uses of it (GET /settings/organization/usage, Configurações → Plano;
 * docs/product.md#plans). The limits come from `plans.ts`, the figures from the server's count.
 */
export const PlanUsageSchema = z.object({
  plan: z.enum(['starter', 'professional', 'enterprise']),
  planName: z.string(),
  /** Euros; null for a custom price (Enterprise). */
  priceMonthly: z.number().nullable(),
  priceYearly: z.number().nullable(),
  /** The end of the Professional trial; null for a chosen plan (docs/product.md#plans). */
  trialEndsAt: z.string().nullable(),
  /** The trial ended without a chosen plan: every write is refused until a plan is applied. */
  readOnly: z.boolean(),
  /** Whole days left of the trial, rounded up; null with no trial running. */
  trialDaysLeft: z.number().int().nullable(),
  /** Proposals created in the current calendar month of the organization's time zone. */
  proposalsThisMonth: UsageFigureSchema,
  /** Active users plus pending invitations. */
  users: UsageFigureSchema,
  /** The organization's templates not archived. */
  templates: UsageFigureSchema,
  /** Bytes: attachments and the logo. */
  storageBytes: UsageFigureSchema,
  api: z.boolean(),
  webhooks: z.boolean(),
});
export type PlanUsage = z.infer<typeof PlanUsageSchema>;
