// /admin/* is the only area that reads across organizations (docs/product.md#organizations-and-tenancy); only
// superadmins reach it.
import { and, count, desc, eq, gt, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { organizations, users } from '@/db/schema/index.ts';
import { likePattern } from '@/lib/search.ts';

const adminUserColumns = {
  user: users,
  organization: { id: organizations.id, name: organizations.name },
};

export async function selectAllUsers(
  db: Db,
  opts: {
    search?: string;
    role?: string;
    organizationId?: string;
    isActive?: boolean;
    limit: number;
    offset: number;
  },
) {
  const pattern = opts.search ? likePattern(opts.search) : undefined;
  const where = and(
    pattern
      ? or(
          ilike(users.email, pattern),
          ilike(users.firstName, pattern),
          ilike(users.lastName, pattern),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
        )
      : undefined,
    opts.role ? eq(users.role, opts.role as 'admin') : undefined,
    opts.organizationId ? eq(users.organizationId, opts.organizationId) : undefined,
    opts.isActive === undefined ? undefined : eq(users.isActive, opts.isActive),
  ) as SQL | undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select(adminUserColumns)
      .from(users)
      .leftJoin(organizations, eq(organizations.id, users.organizationId))
      .where(where)
      .orderBy(sql`lower(${users.email})`)
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: totals?.n ?? 0 };
}

export async function selectAnyUser(db: Db, id: string) {
  const [row] = await db
    .select(adminUserColumns)
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

export async function selectAllOrganizations(
  db: Db,
  opts: {
    search?: string;
    plan?: string;
    isActive?: boolean;
    trialEndingSoon?: boolean;
    at: Date;
    limit: number;
    offset: number;
  },
) {
  const where = and(
    opts.search
      ? or(
          ilike(organizations.name, likePattern(opts.search)),
          ilike(organizations.domain, likePattern(opts.search)),
        )
      : undefined,
    opts.plan ? eq(organizations.plan, opts.plan) : undefined,
    opts.isActive === undefined ? undefined : eq(organizations.isActive, opts.isActive),
    // "Teste termina em ≤ 3 dias": the partial index on trial_ends_at serves this range.
    opts.trialEndingSoon
      ? and(
          gt(organizations.trialEndsAt, opts.at),
          lte(organizations.trialEndsAt, new Date(opts.at.getTime() + 3 * 86_400_000)),
        )
      : undefined,
  ) as SQL | undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        org: organizations,
        // Written out with explicit aliases: drizzle leaves columns unqualified in a single-table select.
        userCount: sql<number>`(select count(*)::int from users u where u.organization_id = "organizations"."id")`,
        proposalCount: sql<number>`(select count(*)::int from proposals p where p.organization_id = "organizations"."id")`,
      })
      .from(organizations)
      .where(where)
      // The id breaks ties (organizations made in one statement share createdAt): paging needs a total order.
      .orderBy(desc(organizations.createdAt), desc(organizations.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(organizations).where(where),
  ]);
  return { rows, total: totals?.n ?? 0 };
}

export async function updateAnyUserActive(db: Db, id: string, isActive: boolean) {
  const [row] = await db
    .update(users)
    .set({ isActive, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning({ id: users.id, organizationId: users.organizationId });
  return row;
}
