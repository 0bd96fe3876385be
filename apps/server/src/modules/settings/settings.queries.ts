import { and, eq, isNull, ne } from 'drizzle-orm';
import { organizations, refreshTokens, users } from '@/db/schema/index.ts';
import type { ActorContext, Scope } from '@/lib/tenant-scope.ts';

/** The caller's own row: in their organization, or without one for a platform account (superadmin). */
function ownUser(ctx: ActorContext) {
  return and(
    eq(users.id, ctx.userId),
    ctx.organizationId ? eq(users.organizationId, ctx.organizationId) : isNull(users.organizationId),
  );
}

export async function selectOwnUser(ctx: ActorContext) {
  const [row] = await ctx.db.select().from(users).where(ownUser(ctx)).limit(1);
  return row;
}

export async function updateOwnUser(
  ctx: ActorContext,
  values: Partial<
    Pick<typeof users.$inferInsert, 'firstName' | 'lastName' | 'locale' | 'timezone' | 'passwordHash'>
  >,
): Promise<void> {
  await ctx.db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(ownUser(ctx));
}

/** After a password change, every other session of the user is signed out. */
export async function revokeOtherSessions(
  ctx: ActorContext,
  keepFamilyId: string | undefined,
): Promise<void> {
  await ctx.db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.userId, ctx.userId),
        isNull(refreshTokens.revokedAt),
        keepFamilyId ? ne(refreshTokens.familyId, keepFamilyId) : undefined,
      ),
    );
}

export async function selectOwnOrganization(ctx: Scope) {
  const [row] = await ctx.db
    .select()
    .from(organizations)
    .where(eq(organizations.id, ctx.organizationId))
    .limit(1);
  return row;
}

export async function updateOwnOrganization(
  ctx: Scope,
  values: Pick<typeof organizations.$inferInsert, 'name' | 'domain' | 'branding' | 'settings'>,
) {
  const [row] = await ctx.db
    .update(organizations)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(organizations.id, ctx.organizationId))
    .returning();
  return row;
}
