import type { Role } from '@aceite/shared/permissions';
import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '@/db/client.ts';
import type { ApiKeyCaller } from '@/lib/jwt.ts';

/** Who is acting, in which organization: built only from the verified session (plugins/tenant.ts). */
export interface TenantContext {
  db: Db;
  organizationId: string;
  userId: string;
  role: Role;
  /** The superadmin acting through impersonation, for the audit log. */
  impersonatorId?: string;
  /** Set when an API key is calling: `userId` is then the key's id, no member's (docs/product.md#api-keys). */
  apiKey?: ApiKeyCaller;
}

/**
 * The member a new record is attributed to (its author, uploader, creator): the caller, or nobody when an API
 * key writes it (the key's id is no user's; docs/product.md#api-keys).
 */
export function personOf(ctx: Pick<TenantContext, 'userId' | 'apiKey'>): string | null {
  return ctx.apiKey ? null : ctx.userId;
}

/** The one tenant filter every tenant query uses. */
export function inTenant(
  table: { organizationId: PgColumn },
  ctx: Pick<TenantContext, 'organizationId'>,
): SQL {
  return eq(table.organizationId, ctx.organizationId);
}

/** Runs fn in a transaction with a context whose db is the transaction. */
export async function withTx<T>(ctx: TenantContext, fn: (tx: TenantContext) => Promise<T>): Promise<T> {
  return ctx.db.transaction(async (tx) => fn({ ...ctx, db: tx }));
}

/**
 * A caller who may have no organization (a platform superadmin). Only modules with platform-wide records
 * (global templates, /admin) take it; everything else takes a TenantContext.
 */
export interface ActorContext {
  db: Db;
  organizationId: string | null;
  userId: string;
  role: Role;
  impersonatorId?: string;
  apiKey?: ApiKeyCaller;
}
