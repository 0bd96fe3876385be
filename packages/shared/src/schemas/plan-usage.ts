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
  /** The end of the trial; null until the trial is recorded (issue 38's next step). */
  trialEndsAt: z.string().nullable(),
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
