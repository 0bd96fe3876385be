-- Issue 26 (docs/decisions.md "Issue 26 — reads close to the reference"): the tallies of proposal_tallies and
-- proposal_client_tallies kept by every write of proposals, in the writing transaction, then filled from the
-- proposals already there. The trigger is created before the backfill, in the migration's transaction: its lock
-- on proposals holds writers back until both are committed, so no write is counted twice or missed.
--
-- Key of proposal_tallies.counts: the status, with ':archived' when archived_at is set; value: [count, sum of
-- coalesce(chosen_total, total_value)]. Won in proposal_client_tallies means accepted or signed (WON_STATUSES
-- of packages/shared/src/proposal-status.ts; reads-unchanged.test.ts checks the two lists agree).

CREATE FUNCTION proposal_tallies_add(counts jsonb, k text, n bigint, v bigint) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN k IS NULL THEN counts
         ELSE counts || jsonb_build_object(k, jsonb_build_array(
           coalesce((counts -> k ->> 0)::bigint, 0) + n,
           coalesce((counts -> k ->> 1)::bigint, 0) + v)) END
$$;
--> statement-breakpoint
CREATE FUNCTION proposal_tallies_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  org uuid := coalesce(NEW.organization_id, OLD.organization_id);
  old_key text;
  new_key text;
  old_total bigint := 0;
  new_total bigint := 0;
  old_client uuid;
  new_client uuid;
  old_value bigint := 0;
  new_value bigint := 0;
  old_won int := 0;
  new_won int := 0;
BEGIN
  -- An organization being deleted takes its tallies with it (foreign keys); nothing to count.
  IF NOT EXISTS (SELECT 1 FROM organizations WHERE id = org) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    old_key := OLD.status || CASE WHEN OLD.archived_at IS NULL THEN '' ELSE ':archived' END;
    old_total := coalesce(OLD.chosen_total, OLD.total_value);
    IF OLD.status <> 'cancelled' AND OLD.client_id IS NOT NULL THEN
      old_client := OLD.client_id;
      old_value := old_total;
      old_won := CASE WHEN OLD.status IN ('accepted', 'signed') THEN 1 ELSE 0 END;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_key := NEW.status || CASE WHEN NEW.archived_at IS NULL THEN '' ELSE ':archived' END;
    new_total := coalesce(NEW.chosen_total, NEW.total_value);
    IF NEW.status <> 'cancelled' AND NEW.client_id IS NOT NULL THEN
      new_client := NEW.client_id;
      new_value := new_total;
      new_won := CASE WHEN NEW.status IN ('accepted', 'signed') THEN 1 ELSE 0 END;
    END IF;
  END IF;

  -- The old key loses the proposal and the new one gains it (the same key: only the value moves).
  IF old_key IS DISTINCT FROM new_key OR old_total <> new_total THEN
    INSERT INTO proposal_tallies AS t (organization_id, slot, counts)
    VALUES (org, pg_backend_pid() % 16,
            proposal_tallies_add(proposal_tallies_add('{}'::jsonb, old_key, -1, -old_total), new_key, 1, new_total))
    ON CONFLICT (organization_id, slot) DO UPDATE
      SET counts = proposal_tallies_add(proposal_tallies_add(t.counts, old_key, -1, -old_total), new_key, 1, new_total);
  END IF;

  IF old_client IS NOT DISTINCT FROM new_client THEN
    IF new_client IS NOT NULL AND (old_value, old_won) IS DISTINCT FROM (new_value, new_won) THEN
      UPDATE proposal_client_tallies
         SET value = value + new_value - old_value, won = won + new_won - old_won
       WHERE client_id = new_client;
    END IF;
  ELSE
    -- Two clients' rows, always locked in the same order (no deadlock between two such writes).
    IF old_client IS NOT NULL AND (new_client IS NULL OR old_client < new_client) THEN
      UPDATE proposal_client_tallies
         SET count = count - 1, value = value - old_value, won = won - old_won
       WHERE client_id = old_client;
      old_client := NULL;
    END IF;
    IF new_client IS NOT NULL THEN
      INSERT INTO proposal_client_tallies AS t (client_id, organization_id, count, value, won)
      VALUES (new_client, org, 1, new_value, new_won)
      ON CONFLICT (client_id) DO UPDATE
        SET count = t.count + 1, value = t.value + excluded.value, won = t.won + excluded.won;
    END IF;
    IF old_client IS NOT NULL THEN
      UPDATE proposal_client_tallies
         SET count = count - 1, value = value - old_value, won = won - old_won
       WHERE client_id = old_client;
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER proposal_tallies_insert_delete
AFTER INSERT OR DELETE ON proposals
FOR EACH ROW EXECUTE FUNCTION proposal_tallies_apply();
--> statement-breakpoint
CREATE TRIGGER proposal_tallies_update
AFTER UPDATE OF status, archived_at, chosen_total, total_value, client_id ON proposals
FOR EACH ROW
WHEN (OLD.status IS DISTINCT FROM NEW.status
   OR (OLD.archived_at IS NULL) <> (NEW.archived_at IS NULL)
   OR coalesce(OLD.chosen_total, OLD.total_value) IS DISTINCT FROM coalesce(NEW.chosen_total, NEW.total_value)
   OR OLD.client_id IS DISTINCT FROM NEW.client_id)
EXECUTE FUNCTION proposal_tallies_apply();
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
