import { and, eq, isNull, ne } from 'drizzle-orm';
import { organizations, refreshTokens, users } from '@/db/schema/index.ts';
import { inTenant, type TenantContext } from '@/lib/tenant-scope.ts';

export async function selectOwnUser(ctx: TenantContext) {
  const [row] = await ctx.db
    .select()
    .from(users)
    .where(and(inTenant(users, ctx), eq(users.id, ctx.userId)))
    .limit(1);
  return row;
}

export async function updateOwnUser(
  ctx: TenantContext,
  values: Partial<
    Pick<typeof users.$inferInsert, 'firstName' | 'lastName' | 'locale' | 'timezone' | 'passwordHash'>
  >,
): Promise<void> {
  await ctx.db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(and(inTenant(users, ctx), eq(users.id, ctx.userId)));
}

/** After a password change, every other session of the user is signed out. */
export async function revokeOtherSessions(
  ctx: TenantContext,
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

export async function selectOwnOrganization(ctx: TenantContext) {
  const [row] = await ctx.db
    .select()
    .from(organizations)
    .where(eq(organizations.id, ctx.organizationId))
    .limit(1);
  return row;
}

export async function updateOwnOrganization(
  ctx: TenantContext,
  values: Pick<typeof organizations.$inferInsert, 'name' | 'domain' | 'branding' | 'settings'>,
) {
  const [row] = await ctx.db
    .update(organizations)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(organizations.id, ctx.organizationId))
    .returning();
  return row;
}
