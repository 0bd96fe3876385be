import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { apiKeys, organizations, users } from '@/db/schema/index.ts';
import { inTenant, type Scope, sameTenant } from '@/lib/tenant-scope.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

const listColumns = {
  key: apiKeys,
  creator: {
    firstName: users.firstName,
    lastName: users.lastName,
    role: users.role,
    isActive: users.isActive,
  },
};

export async function insertApiKey(
  ctx: Scope,
  values: Pick<
    typeof apiKeys.$inferInsert,
    'name' | 'prefix' | 'keyHash' | 'scope' | 'createdBy' | 'expiresAt'
  >,
): Promise<ApiKeyRow> {
  const [row] = await ctx.db
    .insert(apiKeys)
    .values({ ...values, organizationId: ctx.organizationId })
    .returning();
  if (!row) throw new Error('api key not inserted');
  return row;
}

/** The organization's keys not revoked, newest first, with who created each. */
export async function selectApiKeys(ctx: Scope) {
  return ctx.db
    .select(listColumns)
    .from(apiKeys)
    .leftJoin(users, and(eq(users.id, apiKeys.createdBy), sameTenant(users, apiKeys)))
    .where(and(inTenant(apiKeys, ctx), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt))
    .limit(200);
}

export async function selectApiKeyById(ctx: Scope, id: string) {
  const [row] = await ctx.db
    .select(listColumns)
    .from(apiKeys)
    .leftJoin(users, and(eq(users.id, apiKeys.createdBy), sameTenant(users, apiKeys)))
    .where(and(inTenant(apiKeys, ctx), eq(apiKeys.id, id)))
    .limit(1);
  return row;
}

/** Stamps revoked_at once; undefined when the key is not the organization's or already revoked. */
export async function revokeApiKeyById(ctx: Scope, id: string): Promise<ApiKeyRow | undefined> {
  const [row] = await ctx.db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(inTenant(apiKeys, ctx), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning();
  return row;
}

/** Gives a live key to another holder (issue 34); undefined when it is not the organization's or revoked. */
export async function updateApiKeyHolderById(
  ctx: Scope,
  id: string,
  createdBy: string,
): Promise<ApiKeyRow | undefined> {
  const [row] = await ctx.db
    .update(apiKeys)
    .set({ createdBy })
    .where(and(inTenant(apiKeys, ctx), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning();
  return row;
}

/**
 * The live key with this hash (not revoked, not expired, its organization active). Not tenant-scoped: the key
 * is what tells the organization, as a session token does.
 */
export async function selectLiveApiKeyByHash(db: Db, keyHash: string) {
  const [row] = await db
    .select({
      id: apiKeys.id,
      organizationId: apiKeys.organizationId,
      scope: apiKeys.scope,
      createdBy: apiKeys.createdBy,
      lastUsedAt: apiKeys.lastUsedAt,
      // The read-only rule (lib/read-only.ts) reads the trial's end here, with no query of its own.
      trialEndsAt: organizations.trialEndsAt,
      // Its holder as of this request (issue 34): a deactivated or demoted creator stops the key at once.
      holderRole: users.role,
      holderIsActive: users.isActive,
    })
    .from(apiKeys)
    .innerJoin(organizations, eq(organizations.id, apiKeys.organizationId))
    .leftJoin(users, and(eq(users.id, apiKeys.createdBy), eq(users.organizationId, apiKeys.organizationId)))
    .where(
      and(
        eq(apiKeys.keyHash, keyHash),
        isNull(apiKeys.revokedAt),
        or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, sql`now()`)),
        eq(organizations.isActive, true),
      ),
    )
    .limit(1);
  return row;
}

/**
 * "Last used", written at most once a minute per key whatever the traffic (docs/product.md#api-keys). Within the
 * organization the look-up found (docs/scale.md#every-statement-names-its-organization).
 */
export async function touchApiKey(ctx: Scope, id: string): Promise<void> {
  await ctx.db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        inTenant(apiKeys, ctx),
        eq(apiKeys.id, id),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`)),
      ),
    );
}
