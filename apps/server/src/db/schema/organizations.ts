import {
  parseOrganizationSettings,
  type StoredOrganizationSettings,
} from '@aceite/shared/schemas/organization-settings';
import { sql } from 'drizzle-orm';
import { boolean, customType, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  domain: text('domain'),
  // What the organization may use (docs/product.md#plans); new ones start on Professional, the trial's plan.
  plan: text('plan').notNull().default('professional'),
  branding: jsonb('branding')
    .$type<OrganizationBranding>()
    .notNull()
    .default(sql`'{"primaryColor":"#007bff","logo":null}'::jsonb`),
  settings: organizationSettings('settings').notNull().default(sql`'{}'::jsonb`),
  timezone: text('timezone').notNull().default('Europe/Lisbon'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
