import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { trialNotices, users } from '@/db/schema/index.ts';

export type TrialNoticeKind = '3d' | '1d' | 'ended';

export type TrialNoticeCandidate = {
  id: string;
  name: string;
  timezone: string;
  trial_ends_at: Date | string;
};

/**
 * Organizations on a trial that ends within 3 days of `at` or has ended, whose current notice (the same windows
 * as `currentNotice` of trial.service.ts) is not yet recorded. Across every organization: a platform job.
 */
export async function selectTrialNoticeCandidates(db: Db, at: Date): Promise<TrialNoticeCandidate[]> {
  const atIso = at.toISOString();
  const { rows } = await db.execute<TrialNoticeCandidate>(sql`
    select o.id, o.name, o.timezone, o.trial_ends_at from organizations o
     where o.is_active and o.trial_ends_at is not null
       and o.trial_ends_at <= ${atIso}::timestamptz + interval '3 days'
       and not exists (
         select 1 from trial_notices n
          where n.organization_id = o.id and n.trial_ends_at = o.trial_ends_at
            and n.kind = case when o.trial_ends_at <= ${atIso}::timestamptz then 'ended'
                              when o.trial_ends_at <= ${atIso}::timestamptz + interval '1 day' then '1d'
                              else '3d' end)`);
  return rows;
}

/**
 * Records the notice (inside the transaction that queues its emails); false when it already was, by an earlier
 * run or by one running at the same time (which then waits on the key and finds the conflict).
 */
export async function claimTrialNotice(
  db: Db,
  organizationId: string,
  kind: TrialNoticeKind,
  trialEndsAt: Date,
): Promise<boolean> {
  const claimed = await db
    .insert(trialNotices)
    .values({ organizationId, kind, trialEndsAt })
    .onConflictDoNothing()
    .returning({ kind: trialNotices.kind });
  return claimed.length > 0;
}

/** The organization's active admins: who is told of the trial's end. */
export function selectActiveAdmins(db: Db, organizationId: string) {
  return db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.role, 'admin'), eq(users.isActive, true)))
    .orderBy(users.email);
}
