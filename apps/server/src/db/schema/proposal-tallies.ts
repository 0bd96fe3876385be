import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, smallint, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { organizations } from './organizations.ts';

/**
 * The organization's proposals counted by the writes (issue 26, docs/decisions.md "Issue 26 — reads close to
 * the reference"): a trigger on `proposals` (migration `proposal-tallies-triggers`) adds each insert, delete and
 * change of status, archive or value in the writing transaction, so the pager's total, the sidebar counts and
 * the dashboard's cards read a few rows instead of every proposal of the organization.
 *
 * `counts` maps `<status>` (or `<status>:archived`) to `[number of proposals, sum of their value]`, the value
 * being `coalesce(chosen_total, total_value)` as analytics counts it. A write adds to the row of its slot
 * (`pg_backend_pid() % 16`), so concurrent writers of one organization rarely wait on each other, and one
 * transaction only ever locks one row per organization (no deadlock between counters). Readers sum the slots;
 * a slot's figures may be negative.
 */
export const proposalTallies = pgTable(
  'proposal_tallies',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    slot: smallint('slot').notNull(),
    counts: jsonb('counts').$type<Record<string, [number, number]>>().notNull().default({}),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.slot] })],
);

/**
 * Per client, the proposals the analytics count (not cancelled), kept by the same trigger: the dashboard's
 * top clients read the first rows of `(organization_id, value desc, client_id)`.
 */
export const proposalClientTallies = pgTable(
  'proposal_client_tallies',
  {
    clientId: uuid('client_id')
      .primaryKey()
      .references(() => clients.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Proposals not cancelled. */
    count: integer('count').notNull().default(0),
    /** Their value, `coalesce(chosen_total, total_value)`. */
    value: bigint('value', { mode: 'number' }).notNull().default(0),
    /** Those won (accepted or signed: WON_STATUSES of packages/shared/src/proposal-status.ts). */
    won: integer('won').notNull().default(0),
  },
  (t) => [
    index('proposal_client_tallies_rank_idx')
      .on(t.organizationId, sql`${t.value} desc`, t.clientId)
      .where(sql`${t.count} > 0`),
  ],
);
