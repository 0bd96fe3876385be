import type { TemplateContent } from '@aceite/shared/schemas/templates';
import { TEMPLATE_CATEGORIES } from '@aceite/shared/schemas/templates';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

export const templates = pgTable(
  'templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for global (platform) templates, which every organization sees and none can edit. */
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    category: text('category', { enum: TEMPLATE_CATEGORIES }).notNull().default('outro'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    content: jsonb('content')
      .$type<TemplateContent>()
      .notNull()
      .default(sql`'{"blocks":[],"items":[]}'::jsonb`),
    isGlobal: boolean('is_global').notNull().default(false),
    useCount: integer('use_count').notNull().default(0),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('templates_org_idx').on(t.organizationId)],
);
