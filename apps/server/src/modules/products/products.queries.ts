import { and, asc, count, eq, ilike, isNotNull, or, sql } from 'drizzle-orm';
import { products } from '@/db/schema/index.ts';
import { likePattern } from '@/lib/search.ts';
import { inTenant, type Scope } from '@/lib/tenant-scope.ts';

export type ProductRow = typeof products.$inferSelect;
export type ProductValues = Omit<
  typeof products.$inferInsert,
  'id' | 'organizationId' | 'createdAt' | 'updatedAt'
>;

export async function selectProducts(
  ctx: Scope,
  opts: { search?: string; category?: string; isActive?: boolean; limit: number; offset: number },
): Promise<{ rows: ProductRow[]; total: number }> {
  const pattern = opts.search ? likePattern(opts.search) : undefined;
  const where = and(
    inTenant(products, ctx),
    pattern
      ? or(ilike(products.name, pattern), ilike(products.description, pattern), ilike(products.sku, pattern))
      : undefined,
    opts.category ? eq(products.category, opts.category) : undefined,
    opts.isActive === undefined ? undefined : eq(products.isActive, opts.isActive),
  );
  const [rows, [totals]] = await Promise.all([
    ctx.db
      .select()
      .from(products)
      .where(where)
      .orderBy(sql`lower(${products.name})`, products.id)
      .limit(opts.limit)
      .offset(opts.offset),
    ctx.db.select({ n: count() }).from(products).where(where),
  ]);
  return { rows, total: totals?.n ?? 0 };
}

export async function selectProductCategories(ctx: Scope): Promise<string[]> {
  const rows = await ctx.db
    .selectDistinct({ category: products.category })
    .from(products)
    .where(and(inTenant(products, ctx), isNotNull(products.category)))
    .orderBy(asc(products.category));
  return rows.map((r) => r.category).filter((c): c is string => !!c);
}

export async function selectProductById(ctx: Scope, id: string): Promise<ProductRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(products)
    .where(and(inTenant(products, ctx), eq(products.id, id)))
    .limit(1);
  return row;
}

export async function insertProduct(ctx: Scope, values: ProductValues): Promise<ProductRow> {
  const [row] = await ctx.db
    .insert(products)
    .values({ ...values, organizationId: ctx.organizationId })
    .returning();
  if (!row) throw new Error('product insert returned nothing');
  return row;
}

export async function updateProductById(
  ctx: Scope,
  id: string,
  values: Partial<ProductValues>,
): Promise<ProductRow | undefined> {
  const [row] = await ctx.db
    .update(products)
    .set({ ...values, updatedAt: new Date() })
    .where(and(inTenant(products, ctx), eq(products.id, id)))
    .returning();
  return row;
}
