import { APPROVAL_ACTIONS } from '@aceite/shared/schemas/approvals';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { proposals } from './proposals.ts';
import { users } from './users.ts';

/**
 * The approval history of a proposal (docs/product.md#approvals): each request (with its optional note), approval,
 * return (with its required comment), automatic return to draft after a price change, re-opening after a change
 * to a sent proposal and hand-over while pending, by whom and when. The
 * detail shows it and the latest return's comment.
 */
export const proposalApprovals = pgTable(
  'proposal_approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    proposalId: uuid('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    action: text('action', { enum: APPROVAL_ACTIONS }).notNull(),
    /** Null when an API key acted (it is no member) or when the change was automatic. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    /** On an approval: SHA-256 of the content approved (`approvedContentSha256`, issue 34). */
    contentSha256: text('content_sha256'),
    /** On a hand-over while approval is pending: the owner before it (they may not approve it, issue 34). */
    previousOwnerId: uuid('previous_owner_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('proposal_approvals_proposal_idx').on(t.proposalId, t.createdAt)],
);
