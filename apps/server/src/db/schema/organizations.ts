import {
  parseOrganizationSettings,
  type StoredOrganizationSettings,
} from '@aceite/shared/schemas/organization-settings';
import { sql } from 'drizzle-orm';
import { boolean, customType, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export interface OrganizationBranding {
  primaryColor: string;
  logo: string | null;
}

/**
 * The settings column, parsed on the way out of the database and nowhere else (docs/architecture.md, "Who acts
 * and which organization"): every read of `organizations.settings` is typed, a stored value that breaks its
 * rule reads as absent (its default applies), and unknown keys are kept. Stored as jsonb, as before.
 */
const organizationSettings = customType<{ data: StoredOrganizationSettings; driverData: unknown }>({
  dataType: () => 'jsonb',
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => parseOrganizationSettings(typeof value === 'string' ? JSON.parse(value) : value),
});

export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    domain: text('domain'),
    // What the organization may use (docs/product.md#plans); new ones start on Professional, the trial's plan.
    plan: text('plan').notNull().default('professional'),
    /**
     * The end of the 14-day Professional trial (docs/product.md#plans, issue 38). Null: the organization has a
     * chosen plan (no trial). Past: the trial ended without a plan and the organization is read-only until the
     * superadmin applies a plan or extends the trial; nothing is deleted.
     */
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    branding: jsonb('branding')
      .$type<OrganizationBranding>()
      .notNull()
      .default(sql`'{"primaryColor":"#007bff","logo":null}'::jsonb`),
    settings: organizationSettings('settings').notNull().default(sql`'{}'::jsonb`),
    timezone: text('timezone').notNull().default('Europe/Lisbon'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The trial sweep and the superadmin's "trial ends in ≤ 3 days" filter read only organizations on trial.
  (t) => [
    index('organizations_trial_ends_at_idx').on(t.trialEndsAt).where(sql`${t.trialEndsAt} is not null`),
  ],
);
