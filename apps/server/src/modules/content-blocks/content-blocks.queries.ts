import { and, count, eq, ilike, or, sql } from 'drizzle-orm';
import { contentBlocks, users } from '@/db/schema/index.ts';
import { likePattern } from '@/lib/search.ts';
import { inTenant, type Scope, sameTenant } from '@/lib/tenant-scope.ts';

export type ContentBlockRow = typeof contentBlocks.$inferSelect;
export type ContentBlockValues = Pick<typeof contentBlocks.$inferInsert, 'name' | 'block' | 'createdBy'>;
export interface ContentBlockWithAuthor {
  row: ContentBlockRow;
  author: { firstName: string; lastName: string } | null;
}

const selection = {
  row: contentBlocks,
  author: { firstName: users.firstName, lastName: users.lastName },
};

/** Search looks at the name, the block's title and its text (docs/product.md#block-library). */
export async function selectContentBlocks(
  ctx: Scope,
  opts: { search?: string; limit: number; offset: number },
): Promise<{ rows: ContentBlockWithAuthor[]; total: number }> {
  const pattern = opts.search ? likePattern(opts.search) : undefined;
  const where = and(
    inTenant(contentBlocks, ctx),
    pattern
      ? or(
          ilike(contentBlocks.name, pattern),
          ilike(sql`${contentBlocks.block}->>'title'`, pattern),
          ilike(sql`${contentBlocks.block}->>'content'`, pattern),
        )
      : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    ctx.db
      .select(selection)
      .from(contentBlocks)
      .leftJoin(users, and(eq(users.id, contentBlocks.createdBy), sameTenant(users, contentBlocks)))
      .where(where)
      .orderBy(sql`lower(${contentBlocks.name})`, contentBlocks.id)
      .limit(opts.limit)
      .offset(opts.offset),
    ctx.db.select({ n: count() }).from(contentBlocks).where(where),
  ]);
  return { rows, total: totals?.n ?? 0 };
}

export async function selectContentBlockById(
  ctx: Scope,
  id: string,
): Promise<ContentBlockWithAuthor | undefined> {
  const [row] = await ctx.db
    .select(selection)
    .from(contentBlocks)
    .leftJoin(users, and(eq(users.id, contentBlocks.createdBy), sameTenant(users, contentBlocks)))
    .where(and(inTenant(contentBlocks, ctx), eq(contentBlocks.id, id)))
    .limit(1);
  return row;
}

export async function insertContentBlock(ctx: Scope, values: ContentBlockValues): Promise<ContentBlockRow> {
  const [row] = await ctx.db
    .insert(contentBlocks)
    .values({ ...values, organizationId: ctx.organizationId })
    .returning();
  if (!row) throw new Error('content block insert returned nothing');
  return row;
}

export async function updateContentBlockById(
  ctx: Scope,
  id: string,
  values: Partial<Pick<ContentBlockValues, 'name' | 'block'>>,
): Promise<ContentBlockRow | undefined> {
  const [row] = await ctx.db
    .update(contentBlocks)
    .set({ ...values, updatedAt: new Date() })
    .where(and(inTenant(contentBlocks, ctx), eq(contentBlocks.id, id)))
    .returning();
  return row;
}

export async function deleteContentBlockById(ctx: Scope, id: string): Promise<boolean> {
  const rows = await ctx.db
    .delete(contentBlocks)
    .where(and(inTenant(contentBlocks, ctx), eq(contentBlocks.id, id)))
    .returning({ id: contentBlocks.id });
  return rows.length > 0;
}
