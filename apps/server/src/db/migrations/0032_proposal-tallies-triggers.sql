-- Issue 26 (docs/decisions.md "Issue 26 — reads close to the reference"): the tallies of proposal_tallies and
-- proposal_client_tallies kept by every write of proposals, in the writing transaction, then filled from the
-- proposals already there. The triggers are created before the backfill, in the migration's transaction: their
-- lock on proposals holds writers back until both are committed, so no write is counted twice or missed.
--
-- Key of proposal_tallies.counts: the status, with ':archived' when archived_at is set; value: [count, sum of
-- coalesce(chosen_total, total_value)]. Won in proposal_client_tallies means accepted or signed (WON_STATUSES
-- of packages/shared/src/proposal-status.ts; reads-unchanged.test.ts checks the two lists agree).
--
-- Statement-level triggers with transition tables: one statement writing many proposals (the expiry sweep, a
-- bulk load) adds to each counts row once. Row-level triggers updated the same row once per proposal, and
-- PostgreSQL must walk every version a transaction left of a row to reach its latest: quadratic in bulk.

CREATE TYPE proposal_tally_change AS (
  organization_id uuid,
  status text,
  archived boolean,
  value bigint,
  client_id uuid,
  sign integer
);
--> statement-breakpoint
CREATE FUNCTION proposal_tallies_merge(a jsonb, b jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_object_agg(k, jsonb_build_array(
           coalesce((a -> k ->> 0)::bigint, 0) + coalesce((b -> k ->> 0)::bigint, 0),
           coalesce((a -> k ->> 1)::bigint, 0) + coalesce((b -> k ->> 1)::bigint, 0))), '{}'::jsonb)
    FROM (SELECT jsonb_object_keys(a) UNION SELECT jsonb_object_keys(b)) AS keys(k)
$$;
--> statement-breakpoint
-- Adds the proposals that appeared (sign 1) and removes those that went (sign -1). An organization being
-- deleted is left out (the join): its tallies go with it by foreign key. Rows are locked in key order, and one
-- transaction only ever touches one counts row per organization (its connection's slot), so two writers never
-- deadlock on the tallies.
CREATE FUNCTION proposal_tallies_change(changes proposal_tally_change[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO proposal_tallies AS t (organization_id, slot, counts)
  SELECT per_key.organization_id, pg_backend_pid() % 16, jsonb_object_agg(per_key.k, jsonb_build_array(per_key.n, per_key.v))
    FROM (SELECT c.organization_id,
                 c.status || CASE WHEN c.archived THEN ':archived' ELSE '' END AS k,
                 sum(c.sign) AS n,
                 sum(c.sign * c.value) AS v
            FROM unnest(changes) AS c
            JOIN organizations o ON o.id = c.organization_id
           GROUP BY 1, 2
          HAVING sum(c.sign) <> 0 OR sum(c.sign * c.value) <> 0) AS per_key
   GROUP BY per_key.organization_id
   ORDER BY per_key.organization_id
  ON CONFLICT (organization_id, slot) DO UPDATE SET counts = proposal_tallies_merge(t.counts, excluded.counts);

  INSERT INTO proposal_client_tallies AS t (client_id, organization_id, count, value, won)
  SELECT c.client_id, c.organization_id, sum(c.sign), sum(c.sign * c.value),
         sum(CASE WHEN c.status IN ('accepted', 'signed') THEN c.sign ELSE 0 END)
    FROM unnest(changes) AS c
    JOIN organizations o ON o.id = c.organization_id
   WHERE c.client_id IS NOT NULL AND c.status <> 'cancelled'
   GROUP BY c.client_id, c.organization_id
  HAVING sum(c.sign) <> 0 OR sum(c.sign * c.value) <> 0
      OR sum(CASE WHEN c.status IN ('accepted', 'signed') THEN c.sign ELSE 0 END) <> 0
   ORDER BY c.client_id
  ON CONFLICT (client_id) DO UPDATE
    SET count = t.count + excluded.count, value = t.value + excluded.value, won = t.won + excluded.won;
$$;
--> statement-breakpoint
CREATE FUNCTION proposal_tallies_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changes proposal_tally_change[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(ROW(n.organization_id, n.status, n.archived_at IS NOT NULL,
                         coalesce(n.chosen_total, n.total_value), n.client_id, 1)::proposal_tally_change)
      INTO changes FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(ROW(o.organization_id, o.status, o.archived_at IS NOT NULL,
                         coalesce(o.chosen_total, o.total_value), o.client_id, -1)::proposal_tally_change)
      INTO changes FROM old_rows o;
  ELSE
    -- Only the proposals whose counted columns changed (most updates change none: edits of the content,
    -- a view counted).
    SELECT array_agg(x.change) INTO changes
      FROM old_rows o
      JOIN new_rows n ON n.id = o.id
     CROSS JOIN LATERAL (VALUES
       (ROW(o.organization_id, o.status, o.archived_at IS NOT NULL,
            coalesce(o.chosen_total, o.total_value), o.client_id, -1)::proposal_tally_change),
       (ROW(n.organization_id, n.status, n.archived_at IS NOT NULL,
            coalesce(n.chosen_total, n.total_value), n.client_id, 1)::proposal_tally_change)) AS x(change)
     WHERE o.status IS DISTINCT FROM n.status
        OR (o.archived_at IS NULL) <> (n.archived_at IS NULL)
        OR coalesce(o.chosen_total, o.total_value) IS DISTINCT FROM coalesce(n.chosen_total, n.total_value)
        OR o.client_id IS DISTINCT FROM n.client_id
        OR o.organization_id IS DISTINCT FROM n.organization_id;
  END IF;
  IF changes IS NOT NULL THEN
    PERFORM proposal_tallies_change(changes);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER proposal_tallies_insert
AFTER INSERT ON proposals REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION proposal_tallies_apply();
--> statement-breakpoint
CREATE TRIGGER proposal_tallies_update
AFTER UPDATE ON proposals REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION proposal_tallies_apply();
--> statement-breakpoint
CREATE TRIGGER proposal_tallies_delete
AFTER DELETE ON proposals REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION proposal_tallies_apply();
--> statement-breakpoint
INSERT INTO proposal_tallies (organization_id, slot, counts)
SELECT organization_id, 0, jsonb_object_agg(k, jsonb_build_array(n, v))
  FROM (SELECT organization_id,
               status || CASE WHEN archived_at IS NULL THEN '' ELSE ':archived' END AS k,
               count(*) AS n,
               coalesce(sum(coalesce(chosen_total, total_value)), 0) AS v
          FROM proposals
         GROUP BY 1, 2) AS per_key
 GROUP BY organization_id;
--> statement-breakpoint
INSERT INTO proposal_client_tallies (client_id, organization_id, count, value, won)
SELECT client_id, organization_id, count(*),
       coalesce(sum(coalesce(chosen_total, total_value)), 0),
       count(*) FILTER (WHERE status IN ('accepted', 'signed'))
  FROM proposals
 WHERE client_id IS NOT NULL AND status <> 'cancelled'
 GROUP BY client_id, organization_id;
