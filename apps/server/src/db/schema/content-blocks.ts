import type { LibraryBlock } from '@aceite/shared/schemas/content-blocks';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

/**
 * The organization's block library (docs/product.md#block-library). Inserting a block copies it into the
 * proposal or template, so nothing references this table: editing or deleting a row changes no document.
 */
export const contentBlocks = pgTable(
  'content_blocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    block: jsonb('block').$type<LibraryBlock>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('content_blocks_org_name_idx').on(t.organizationId, sql`lower(${t.name})`)],
);
