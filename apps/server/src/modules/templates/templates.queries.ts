import type { TemplateCategory } from '@aceite/shared/schemas/templates';
import { and, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import { organizations, templates } from '@/db/schema/index.ts';
import { likePattern } from '@/lib/search.ts';
import type { ActorContext } from '@/lib/tenant-scope.ts';

export type TemplateRow = typeof templates.$inferSelect;
export type TemplateValues = Omit<
  typeof templates.$inferInsert,
  'id' | 'organizationId' | 'createdAt' | 'updatedAt' | 'useCount' | 'archivedAt'
>;

/**
 * What a caller may see: the organization's own templates plus the global ones (a platform account sees
 * only the global ones). Archived templates are left out everywhere.
 */
function visibleTo(ctx: ActorContext): SQL {
  const own = ctx.organizationId ? eq(templates.organizationId, ctx.organizationId) : undefined;
  return and(
    isNull(templates.archivedAt),
    own ? or(own, eq(templates.isGlobal, true)) : eq(templates.isGlobal, true),
  ) as SQL;
}

export async function selectTemplates(
  ctx: ActorContext,
  opts: { search?: string; category?: TemplateCategory },
): Promise<TemplateRow[]> {
  const pattern = opts.search ? likePattern(opts.search) : undefined;
  return ctx.db
    .select()
    .from(templates)
    .where(
      and(
        visibleTo(ctx),
        pattern ? or(ilike(templates.name, pattern), ilike(templates.description, pattern)) : undefined,
        opts.category ? eq(templates.category, opts.category) : undefined,
      ),
    )
    .orderBy(desc(templates.isGlobal), sql`lower(${templates.name})`)
    .limit(500);
}

export async function selectTemplateById(ctx: ActorContext, id: string): Promise<TemplateRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(templates)
    .where(and(visibleTo(ctx), eq(templates.id, id)))
    .limit(1);
  return row;
}

export async function insertTemplate(
  ctx: ActorContext,
  values: TemplateValues & { organizationId: string | null },
): Promise<TemplateRow> {
  const [row] = await ctx.db.insert(templates).values(values).returning();
  if (!row) throw new Error('template insert returned nothing');
  return row;
}

export async function updateTemplateById(
  ctx: ActorContext,
  id: string,
  values: Partial<TemplateValues> & { archivedAt?: Date },
): Promise<TemplateRow | undefined> {
  const [row] = await ctx.db
    .update(templates)
    .set({ ...values, updatedAt: new Date() })
    .where(and(visibleTo(ctx), eq(templates.id, id)))
    .returning();
  return row;
}

export async function incrementTemplateUse(ctx: ActorContext, id: string): Promise<TemplateRow | undefined> {
  const [row] = await ctx.db
    .update(templates)
    .set({ useCount: sql`${templates.useCount} + 1` })
    .where(and(visibleTo(ctx), eq(templates.id, id)))
    .returning();
  return row;
}

/** The organization's settings (its IVA region sets a new line's rate); null for a platform account. */
export async function selectOrganizationSettings(ctx: ActorContext) {
  if (!ctx.organizationId) return null;
  const [row] = await ctx.db
    .select({ settings: organizations.settings })
    .from(organizations)
    .where(eq(organizations.id, ctx.organizationId))
    .limit(1);
  return row?.settings ?? null;
}
