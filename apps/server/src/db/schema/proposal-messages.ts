import { PROPOSAL_MESSAGE_KINDS } from '@aceite/shared/schemas/proposal-messages';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { proposals } from './proposals.ts';
import { users } from './users.ts';

/**
 * The conversation on a proposal (docs/product.md#client-questions-and-change-requests): the client's
 * questions and change requests (name and email as the client typed them) and the team's answers (the member
 * in user_id). Plain text, escaped wherever it is shown.
 */
export const proposalMessages = pgTable(
  'proposal_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    proposalId: uuid('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PROPOSAL_MESSAGE_KINDS }).notNull(),
    authorName: text('author_name').notNull(),
    authorEmail: text('author_email'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** The sender's network (/24 or /48) for client messages, as the evidence keeps it. */
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('proposal_messages_proposal_idx').on(t.proposalId, t.createdAt),
    // The per-IP limit counts a network's recent client messages.
    index('proposal_messages_ip_idx').on(t.ip, t.createdAt),
  ],
);
