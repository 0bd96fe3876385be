import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { clients, proposals } from '@/db/schema/index.ts';
import { likePattern } from '@/lib/search.ts';
import { inTenant, type TenantContext } from '@/lib/tenant-scope.ts';

export type ClientRow = typeof clients.$inferSelect;
export type ClientValues = Omit<
  typeof clients.$inferInsert,
  'id' | 'organizationId' | 'createdAt' | 'updatedAt'
>;

function searchFilter(search?: string): SQL | undefined {
  if (!search) return undefined;
  const pattern = likePattern(search);
  return or(
    ilike(clients.name, pattern),
    ilike(clients.company, pattern),
    ilike(clients.email, pattern),
    ilike(clients.taxId, pattern),
  );
}

export async function selectClients(
  ctx: TenantContext,
  opts: { search?: string; limit: number; offset: number },
): Promise<{ rows: ClientRow[]; total: number }> {
  const where = and(inTenant(clients, ctx), searchFilter(opts.search));
  const [rows, [totals]] = await Promise.all([
    ctx.db
      .select()
      .from(clients)
      .where(where)
      .orderBy(sql`lower(${clients.name})`, clients.id)
      .limit(opts.limit)
      .offset(opts.offset),
    ctx.db.select({ n: count() }).from(clients).where(where),
  ]);
  return { rows, total: totals?.n ?? 0 };
}

export async function selectClientById(ctx: TenantContext, id: string): Promise<ClientRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(clients)
    .where(and(inTenant(clients, ctx), eq(clients.id, id)))
    .limit(1);
  return row;
}

export async function selectClientProposals(ctx: TenantContext, clientId: string) {
  return ctx.db
    .select({
      id: proposals.id,
      title: proposals.title,
      status: proposals.status,
      totalValue: proposals.totalValue,
      createdAt: proposals.createdAt,
    })
    .from(proposals)
    .where(and(inTenant(proposals, ctx), eq(proposals.clientId, clientId)))
    .orderBy(desc(proposals.createdAt))
    .limit(100);
}

export async function countClientProposals(ctx: TenantContext, clientId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(proposals)
    .where(and(inTenant(proposals, ctx), eq(proposals.clientId, clientId)));
  return row?.n ?? 0;
}

export async function insertClient(ctx: TenantContext, values: ClientValues): Promise<ClientRow> {
  const [row] = await ctx.db
    .insert(clients)
    .values({ ...values, organizationId: ctx.organizationId })
    .returning();
  if (!row) throw new Error('client insert returned nothing');
  return row;
}

export async function updateClientById(
  ctx: TenantContext,
  id: string,
  values: ClientValues,
): Promise<ClientRow | undefined> {
  const [row] = await ctx.db
    .update(clients)
    .set({ ...values, updatedAt: new Date() })
    .where(and(inTenant(clients, ctx), eq(clients.id, id)))
    .returning();
  return row;
}

export async function deleteClientById(ctx: TenantContext, id: string): Promise<boolean> {
  const rows = await ctx.db
    .delete(clients)
    .where(and(inTenant(clients, ctx), eq(clients.id, id)))
    .returning({ id: clients.id });
  return rows.length === 1;
}
