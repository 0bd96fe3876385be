-- Numbers for the proposals made before numbering existed (docs/product.md#proposal-numbers): per organization
-- and Lisbon year of creation, in creation order, with the organization's prefix if it already has one (else
-- 'ORC'); the counters start after the last number given, so new proposals continue the sequence.
WITH numbered AS (
  SELECT
    p.id,
    extract(year FROM p.created_at AT TIME ZONE 'Europe/Lisbon')::int AS y,
    row_number() OVER (
      PARTITION BY p.organization_id, extract(year FROM p.created_at AT TIME ZONE 'Europe/Lisbon')
      ORDER BY p.created_at, p.id
    )::int AS n,
    coalesce(nullif(o.settings ->> 'numberPrefix', ''), 'ORC') AS prefix
  FROM proposals p
  JOIN organizations o ON o.id = p.organization_id
  WHERE p.number_seq IS NULL
)
UPDATE proposals p
SET number_year = numbered.y,
    number_seq = numbered.n,
    number = numbered.prefix || ' ' || numbered.y || '/' || lpad(numbered.n::text, greatest(4, length(numbered.n::text)), '0')
FROM numbered
WHERE p.id = numbered.id;
--> statement-breakpoint
INSERT INTO proposal_number_counters (organization_id, year, last_value)
SELECT organization_id, number_year, max(number_seq)
FROM proposals
GROUP BY organization_id, number_year
ON CONFLICT (organization_id, year) DO UPDATE SET last_value = greatest(proposal_number_counters.last_value, excluded.last_value);
--> statement-breakpoint
-- Every new proposal takes the next number of its organization and Lisbon year, whoever inserts it (the API,
-- a reissue, a duplicate, the demo seed): the counter row is upserted in the inserting transaction, so its row
-- lock serialises concurrent creates across processes (a create that rolls back takes its never-shown number
-- back with it; a deleted proposal does not, the counter only grows). The prefix is the organization's at that moment (settings.numberPrefix, else 'ORC').
CREATE FUNCTION proposals_assign_number() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  y int;
  n int;
  prefix text;
BEGIN
  IF NEW.number_seq IS NOT NULL THEN
    RETURN NEW;
  END IF;
  y := extract(year FROM coalesce(NEW.created_at, now()) AT TIME ZONE 'Europe/Lisbon')::int;
  INSERT INTO proposal_number_counters AS c (organization_id, year, last_value)
  VALUES (NEW.organization_id, y, 1)
  ON CONFLICT (organization_id, year) DO UPDATE SET last_value = c.last_value + 1
  RETURNING c.last_value INTO n;
  SELECT coalesce(nullif(o.settings ->> 'numberPrefix', ''), 'ORC') INTO prefix
  FROM organizations o WHERE o.id = NEW.organization_id;
  NEW.number_year := y;
  NEW.number_seq := n;
  NEW.number := coalesce(prefix, 'ORC') || ' ' || y || '/' || lpad(n::text, greatest(4, length(n::text)), '0');
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER proposals_assign_number
  BEFORE INSERT ON proposals
  FOR EACH ROW EXECUTE FUNCTION proposals_assign_number();
