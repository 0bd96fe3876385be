import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { proposals } from './proposals.ts';

/**
 * One-time codes emailed to a proposal's client before they accept, sign or reject (issue 20). Only a keyed
 * hash of the code is kept; the row is the evidence of the sending (when, to which address, which outbox
 * message) and of the use.
 */
export const answerCodes = pgTable(
  'answer_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    proposalId: uuid('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    /** HMAC-SHA256 of the code under a key derived from the server's secret: the database alone never yields it. */
    codeHash: text('code_hash').notNull(),
    /** The address as the client was shown it (c•••@exemplo.pt); the full one is in the outbox row. */
    maskedEmail: text('masked_email').notNull(),
    /**
     * The full address it was sent to (issue 34, H2): a code checks only while it is still the proposal's
     * recipient, and the evidence names it. Null for codes sent before.
     */
    email: text('email'),
    outboxId: uuid('outbox_id'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('answer_codes_proposal_created_idx').on(t.proposalId, t.createdAt)],
);
