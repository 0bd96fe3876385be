-- The evidence chain is append-only in the database too (docs/product.md#evidence, docs/decisions.md "Evidence
-- chain"): no UPDATE, no DELETE, no TRUNCATE. The one exception is the cascade of a proposal (or organization)
-- being deleted: only unanswered proposals are ever deleted (answered ones are archived), and their events go
-- with them. Inside the cascade the parent row is already gone, which is how the trigger tells it apart.
CREATE FUNCTION proposal_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND (
    NOT EXISTS (SELECT 1 FROM proposals WHERE id = OLD.proposal_id)
    OR NOT EXISTS (SELECT 1 FROM organizations WHERE id = OLD.organization_id)
  ) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'proposal_events is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER proposal_events_append_only
  BEFORE UPDATE OR DELETE ON proposal_events
  FOR EACH ROW EXECUTE FUNCTION proposal_events_append_only();
--> statement-breakpoint
CREATE FUNCTION proposal_events_no_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'proposal_events is append-only (TRUNCATE refused)' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER proposal_events_no_truncate
  BEFORE TRUNCATE ON proposal_events
  FOR EACH STATEMENT EXECUTE FUNCTION proposal_events_no_truncate();
