import { eq, sql } from 'drizzle-orm';
import { proposalTallies } from '@/db/schema/index.ts';
import { preparedOn } from '@/lib/prepared.ts';
import type { Scope } from '@/lib/tenant-scope.ts';

/** The organization's proposals per `<status>` or `<status>:archived`: count and value (proposal_tallies). */
export type Tallies = Map<string, { n: number; value: number }>;

/**
 * The tallies kept by the writes (db/schema/proposal-tallies.ts): the organization's slots summed. Exact in any
 * transaction's snapshot: each write changed its slot in its own transaction.
 */
export async function selectTallies(ctx: Scope): Promise<Tallies> {
  const rows = await preparedOn(ctx.db, 'proposal_tallies', (db) =>
    db
      .select({ counts: proposalTallies.counts })
      .from(proposalTallies)
      .where(eq(proposalTallies.organizationId, sql.placeholder('org')))
      .prepare('proposal_tallies'),
  ).execute({ org: ctx.organizationId });
  const tallies: Tallies = new Map();
  for (const { counts } of rows) {
    for (const [key, [n, value]] of Object.entries(counts)) {
      const sum = tallies.get(key) ?? { n: 0, value: 0 };
      sum.n += Number(n);
      sum.value += Number(value);
      tallies.set(key, sum);
    }
  }
  return tallies;
}

/** A tally's key: `<status>`, or `<status>:archived` for the archived proposals of that status. */
function keyParts(key: string): { status: string; archived: boolean } {
  const [status = '', archived] = key.split(':');
  return { status, archived: archived === 'archived' };
}

/** The tallies of the proposals whose status and archiving `keep` accepts, summed. */
export function tallyOf(
  tallies: Tallies,
  keep: (status: string, archived: boolean) => boolean,
): { n: number; value: number } {
  const sum = { n: 0, value: 0 };
  for (const [key, t] of tallies) {
    const { status, archived } = keyParts(key);
    if (!keep(status, archived)) continue;
    sum.n += t.n;
    sum.value += t.value;
  }
  return sum;
}

export const countOf = (tallies: Tallies, keep: (status: string, archived: boolean) => boolean): number =>
  tallyOf(tallies, keep).n;

/** The proposals per status, archived ones left out, statuses with none omitted (the sidebar's counts). */
export function countsByStatus(tallies: Tallies): { status: string; n: number }[] {
  const counts: { status: string; n: number }[] = [];
  for (const [key, { n }] of tallies) {
    const { status, archived } = keyParts(key);
    if (!archived && n !== 0) counts.push({ status, n });
  }
  return counts;
}
