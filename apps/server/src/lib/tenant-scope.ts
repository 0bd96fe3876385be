import type { Role } from '@aceite/shared/permissions';
import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '@/db/client.ts';
import type { ApiKeyCaller } from '@/lib/jwt.ts';

/**
 * Which organization, and nothing of who acts: what a query needs (its database or transaction, and the tenant
 * filter). Queries take a Scope; services take a TenantContext, which is a Scope and an Actor
 * (docs/architecture.md, "Who acts and which organization").
 */
export interface Scope {
  db: Db;
  organizationId: string;
}

/** Who is acting, in which organization: built only from the verified session (plugins/tenant.ts). */
export interface TenantContext extends Scope {
  userId: string;
  role: Role;
  /** The superadmin acting through impersonation, for the audit log. */
  impersonatorId?: string;
  /** Set when an API key is calling: `userId` is then the key's id, no member's (docs/product.md#api-keys). */
  apiKey?: ApiKeyCaller;
}

/** The `userId` of `systemActor`: no member's id (members' ids are UUIDs). */
const SYSTEM_USER_ID = '';

/**
 * The member a new record is attributed to (its author, uploader, creator): the caller, or nobody when an API
 * key writes it (the key's id is no user's; docs/product.md#api-keys) or the system does (`systemActor`).
 */
export function personOf(ctx: Pick<TenantContext, 'userId' | 'apiKey'>): string | null {
  return ctx.apiKey || ctx.userId === SYSTEM_USER_ID ? null : ctx.userId;
}

/**
 * The organization itself acting, for jobs and system work (the expiry sweep, reminders, webhook events): no
 * member and no API key, with an admin's view of the organization's records (a webhook's data includes the
 * public link, docs/product.md#webhooks). Never built from a request; what it writes is attributed to nobody
 * (`personOf` is null), as an automatic step is.
 */
export function systemActor(db: Db, organizationId: string): TenantContext {
  return { db, organizationId, userId: SYSTEM_USER_ID, role: 'admin' };
}

/** The one tenant filter every tenant query uses. */
export function inTenant(table: { organizationId: PgColumn }, ctx: Pick<Scope, 'organizationId'>): SQL {
  return eq(table.organizationId, ctx.organizationId);
}

/**
 * A join's condition that keeps the joined row in the organization of the row it hangs from, beside the foreign
 * key: what lets a database distributed by organization co-locate the join (docs/scale.md#what-citus-routes).
 */
export function sameTenant(joined: { organizationId: PgColumn }, from: { organizationId: PgColumn }): SQL {
  return eq(joined.organizationId, from.organizationId);
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
