import { CLIENT_REMINDER_KINDS } from '@aceite/shared/schemas/organization-settings';
import { date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { proposals } from './proposals.ts';
import { users } from './users.ts';

/**
 * The client reminders sent (docs/product.md#reminders): one row per proposal and kind, inserted in the
 * transaction that queues the email, so at most one reminder of each kind leaves, whichever process runs the job.
 */
export const proposalReminders = pgTable(
  'proposal_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    proposalId: uuid('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CLIENT_REMINDER_KINDS }).notNull(),
    toAddress: text('to_address').notNull(),
    outboxId: uuid('outbox_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('proposal_reminders_proposal_kind_key').on(t.proposalId, t.kind),
    index('proposal_reminders_org_idx').on(t.organizationId),
  ],
);

/**
 * 'Não quero receber mais lembretes' (docs/product.md#reminders): the client stopped the reminders of this
 * proposal; the address they were sent to is kept with it.
 */
export const proposalReminderOptOuts = pgTable(
  'proposal_reminder_opt_outs',
  {
    proposalId: uuid('proposal_id')
      .primaryKey()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('proposal_reminder_opt_outs_org_idx').on(t.organizationId)],
);

/** The owners' daily summaries sent: one per owner per Lisbon day (docs/product.md#reminders). */
export const ownerReminderSummaries = pgTable(
  'owner_reminder_summaries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    outboxId: uuid('outbox_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('owner_reminder_summaries_user_day_key').on(t.userId, t.day),
    index('owner_reminder_summaries_org_idx').on(t.organizationId),
  ],
);
