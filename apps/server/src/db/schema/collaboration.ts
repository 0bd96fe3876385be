import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { type ProposalContent, proposals } from './proposals.ts';
import { users } from './users.ts';

/** What a version freezes of a proposal. */
export interface ProposalSnapshot {
  title: string;
  description: string | null;
  content: ProposalContent;
  discountType: string;
  discountValue: number;
  taxRate: number;
  subtotal: number;
  discountAmount: number;
  taxAmount: number;
  totalValue: number;
  currency: string;
  validUntil: string | null;
  /** The SEPA schedule's terms (issue 39); absent when the proposal has none, and in older snapshots. */
  sepa?: { pattern: string; instalments: number | null; firstCollectionDate: string } | null;
}

export const proposalVersions = pgTable(
  'proposal_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    proposalId: uuid('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    versionNumber: integer('version_number').notNull(),
    changeNotes: text('change_notes').notNull(),
    snapshot: jsonb('snapshot').$type<ProposalSnapshot>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('proposal_versions_number_key').on(t.proposalId, t.versionNumber)],
);

export const proposalComments = pgTable(
  'proposal_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    proposalId: uuid('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    isPrivate: boolean('is_private').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('proposal_comments_proposal_idx').on(t.proposalId, t.createdAt)],
);

export const proposalAttachments = pgTable(
  'proposal_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    proposalId: uuid('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    description: text('description'),
    fileSize: integer('file_size').notNull(),
    mimeType: text('mime_type').notNull(),
    /** Generated storage key; never the user's file name. */
    storageKey: text('storage_key').notNull(),
    isVisibleToClient: boolean('is_visible_to_client').notNull().default(false),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('proposal_attachments_proposal_idx').on(t.proposalId),
    // The organization's storage in use (the plan's quota), summed index-only.
    index('proposal_attachments_org_size_idx').on(t.organizationId, t.fileSize),
  ],
);
