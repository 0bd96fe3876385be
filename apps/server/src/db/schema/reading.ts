import { DEVICE_TYPES } from '@aceite/shared/reading';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { proposals } from './proposals.ts';

/**
 * What the client read, one row per visit of the public page (docs/product.md#reading): kept for the
 * organization's retention (default 12 months), then folded into `proposal_reading_totals` and deleted.
 */
export const proposalReading = pgTable(
  'proposal_reading',
  {
    /** Made by the page (a UUID per visit); unique per proposal only, so a forged one cannot touch another's. */
    visitId: uuid('visit_id').notNull(),
    proposalId: uuid('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** When the view this visit belongs to was counted. */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    visibleMs: integer('visible_ms').notNull().default(0),
    device: text('device', { enum: DEVICE_TYPES }).notNull(),
    /** The network (/24 or /48), never the full address (lib/truncate-ip.ts). */
    ip: text('ip'),
    /** Milliseconds in view per section id (`b0`…, `items`). */
    sections: jsonb('sections').$type<Record<string, number>>().notNull().default({}),
  },
  (t) => [
    primaryKey({ columns: [t.proposalId, t.visitId] }),
    index('proposal_reading_org_started_idx').on(t.organizationId, t.startedAt),
  ],
);

/** Visits older than the retention, summed per proposal: no dates, devices or addresses. */
export const proposalReadingTotals = pgTable('proposal_reading_totals', {
  proposalId: uuid('proposal_id')
    .primaryKey()
    .references(() => proposals.id, { onDelete: 'cascade' }),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  visits: integer('visits').notNull().default(0),
  visibleMs: bigint('visible_ms', { mode: 'number' }).notNull().default(0),
  sections: jsonb('sections').$type<Record<string, number>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
