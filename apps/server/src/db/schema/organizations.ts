import { sql } from 'drizzle-orm';
import { boolean, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export interface OrganizationBranding {
  primaryColor: string;
  logo: string | null;
}

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  domain: text('domain'),
  plan: text('plan').notNull().default('starter'),
  branding: jsonb('branding')
    .$type<OrganizationBranding>()
    .notNull()
    .default(sql`'{"primaryColor":"#007bff","logo":null}'::jsonb`),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  timezone: text('timezone').notNull().default('Europe/Lisbon'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
