import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { proposals } from './proposals.ts';

/** The kinds of event of a proposal's life with the client (docs/product.md#evidence). */
export const EVIDENCE_EVENT_TYPES = [
  'sent',
  'viewed',
  'pdf_downloaded',
  'code_sent',
  'code_used',
  'accepted',
  'rejected',
  'signed',
] as const;
export type EvidenceEventType = (typeof EVIDENCE_EVENT_TYPES)[number];

/**
 * The evidence chain (issue 22): append-only (a trigger refuses UPDATE and DELETE, migration
 * `evidence-append-only`), each row hashing the previous row's hash with its own canonical JSON, so editing or
 * removing a row is detectable (`verifyChain`). Rows go only with their proposal (a deleted unanswered one).
 */
export const proposalEvents = pgTable(
  'proposal_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    proposalId: uuid('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    /** 1, 2, 3… per proposal, no gaps. */
    seq: integer('seq').notNull(),
    type: text('type', { enum: EVIDENCE_EVENT_TYPES }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** The previous event's hash (64 zeros for the first). */
    prevHash: text('prev_hash').notNull(),
    /** SHA-256 hex of prevHash + the canonical JSON of the event. */
    hash: text('hash').notNull(),
  },
  (t) => [
    uniqueIndex('proposal_events_proposal_seq_key').on(t.proposalId, t.seq),
    index('proposal_events_org_idx').on(t.organizationId),
  ],
);

/**
 * The chain's head per proposal: the row appenders lock (so two appends at once get consecutive numbers), and
 * the anchor that shows a removed last event (the chain alone cannot).
 */
export const proposalEvidenceHeads = pgTable('proposal_evidence_heads', {
  proposalId: uuid('proposal_id')
    .primaryKey()
    .references(() => proposals.id, { onDelete: 'cascade' }),
  seq: integer('seq').notNull(),
  hash: text('hash').notNull(),
});
