import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

/**
 * The trial's emails to the organization's admins (3 days before, 1 day before, at the end; issue 38). One row
 * per organization, kind and trial end: the sweep inserts it in the transaction that queues the email, so each
 * notice is sent once, and an extended trial (a new end) gets its own notices.
 */
export const trialNotices = pgTable(
  'trial_notices',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.kind, t.trialEndsAt] }),
    check('trial_notices_kind_check', sql`${t.kind} in ('3d', '1d', 'ended')`),
  ],
);

/**
 * "Mudar de plano" (issue 38): an admin asks for a plan; the superadmin sees the request in the platform
 * screens and applies it (or dismisses it). Payment collection is a later step behind an interface
 * (docs/decisions.md, "Plans: upgrades before payment collection").
 */
export const upgradeRequests = pgTable(
  'upgrade_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    requestedPlan: text('requested_plan').notNull(),
    billingPeriod: text('billing_period').notNull().default('monthly'),
    note: text('note'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('pending'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('upgrade_requests_status_created_idx').on(t.status, t.createdAt),
    index('upgrade_requests_org_idx').on(t.organizationId, t.createdAt),
    check(
      'upgrade_requests_plan_check',
      sql`${t.requestedPlan} in ('starter', 'professional', 'enterprise')`,
    ),
    check('upgrade_requests_period_check', sql`${t.billingPeriod} in ('monthly', 'yearly')`),
    check('upgrade_requests_status_check', sql`${t.status} in ('pending', 'applied', 'dismissed')`),
    check('upgrade_requests_note_length', sql`char_length(${t.note}) <= 1000`),
  ],
);
