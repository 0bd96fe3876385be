import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { proposals } from './proposals.ts';

/**
 * What the certificate printed, frozen when the file is sealed: /verificar answers from it, never from the
 * live proposal, client or organization (docs/product.md#verification). `total` in cents.
 */
export interface SealedFacts {
  proposalTitle: string;
  organizationName: string;
  signerName: string | null;
  decision: 'accepted' | 'signed';
  decidedAt: string;
  total: number;
  currency: string;
}

/**
 * The sealed signed PDF of an accepted or signed proposal (docs/product.md#sealed-certificate). The row is
 * also its production job: inserted as `pending` in the decision's transaction (one per proposal, so a second
 * decision or a retried job can never make a second file), claimed by the seal worker with FOR UPDATE SKIP
 * LOCKED and a lease, and filled in (`sha256`, `storageKey`) once the file is stored.
 */
export const sealedDocuments = pgTable(
  'sealed_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    proposalId: uuid('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    /** Printed on the certificate page and typed on /verificar (docs/product.md#verification). */
    verificationCode: text('verification_code').notNull(),
    status: text('status', { enum: ['pending', 'sealed', 'failed'] })
      .notNull()
      .default('pending'),
    /** SHA-256 (hex) of the exact sealed file's bytes; null until it is produced. */
    sha256: text('sha256'),
    storageKey: text('storage_key'),
    /**
     * SHA-256 of the event lines printed on the certificate: /verificar reports the chain intact while the
     * events recorded now still print the same (until the evidence chain's own check is wired in).
     */
    eventsSha256: text('events_sha256'),
    /** How many event lines the certificate printed (later events do not concern the sealed file). */
    eventCount: integer('event_count'),
    /** Null until sealed; rows sealed before it existed were filled from their records by migration 0033. */
    certificate: jsonb('certificate').$type<SealedFacts>(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sealedAt: timestamp('sealed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sealed_documents_proposal_key').on(t.proposalId),
    uniqueIndex('sealed_documents_code_key').on(t.verificationCode),
    uniqueIndex('sealed_documents_sha256_key').on(t.sha256),
    index('sealed_documents_pending_idx').on(t.status, t.nextAttemptAt),
  ],
);
