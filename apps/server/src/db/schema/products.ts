import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    sku: text('sku'),
    category: text('category'),
    /** Cents; bigint like every amount (issue 20). */
    price: bigint('price', { mode: 'number' }).notNull(),
    unit: text('unit').notNull().default('unidade'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_org_sku_key').on(t.organizationId, t.sku).where(sql`${t.sku} is not null`),
    index('products_org_name_idx').on(t.organizationId, sql`lower(${t.name})`),
    index('products_org_category_idx').on(t.organizationId, t.category),
  ],
);
