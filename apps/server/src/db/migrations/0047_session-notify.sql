-- Issue 41 (docs/decisions.md "Issue 41 — the session check cached per process"): every change that can end or
-- change a session tells the server processes at once, so each may keep the answer of the per-request session
-- check (selectSessionHolds) in memory (modules/auth/session-cache.ts). NOTIFY is transactional: the message
-- leaves at commit, after the change is visible, and never when the transaction rolls back.
--
-- Channel aceite_sessions, payload 's:<family id>' (a refresh family: a session), 'u:<user id>' (a member, or the
-- superadmin behind an impersonation) or 'o:<organization id>'. Only the columns selectSessionHolds reads count:
-- a refresh's rotation, a rename or a settings change send nothing. PostgreSQL folds identical messages of one
-- transaction into one, so a statement revoking many rows of one family sends one.

CREATE FUNCTION aceite_sessions_notify() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- Two statements, not one CASE: each is planned only for the table it names a column of.
  IF TG_ARGV[0] = 's' THEN
    PERFORM pg_notify('aceite_sessions', 's:' || OLD.family_id::text);
  ELSE
    PERFORM pg_notify('aceite_sessions', TG_ARGV[0] || ':' || OLD.id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A live token revoked, shortened or moved; a live token deleted. Expired rows are never cached (an entry lives at
-- most until its family's last expiry), so their clean-up sends nothing.
CREATE TRIGGER refresh_tokens_sessions_notify_update AFTER UPDATE ON refresh_tokens
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND (
    NEW.revoked_at IS NOT NULL OR NEW.expires_at IS DISTINCT FROM OLD.expires_at
    OR NEW.family_id IS DISTINCT FROM OLD.family_id OR NEW.user_id IS DISTINCT FROM OLD.user_id))
  EXECUTE FUNCTION aceite_sessions_notify('s');
--> statement-breakpoint
CREATE TRIGGER refresh_tokens_sessions_notify_delete AFTER DELETE ON refresh_tokens
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND OLD.expires_at > now())
  EXECUTE FUNCTION aceite_sessions_notify('s');
--> statement-breakpoint
CREATE TRIGGER users_sessions_notify_update AFTER UPDATE ON users
  FOR EACH ROW WHEN (NEW.is_active IS DISTINCT FROM OLD.is_active OR NEW.role IS DISTINCT FROM OLD.role
    OR NEW.organization_id IS DISTINCT FROM OLD.organization_id)
  EXECUTE FUNCTION aceite_sessions_notify('u');
--> statement-breakpoint
CREATE TRIGGER users_sessions_notify_delete AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION aceite_sessions_notify('u');
--> statement-breakpoint
CREATE TRIGGER organizations_sessions_notify_update AFTER UPDATE ON organizations
  FOR EACH ROW WHEN (NEW.is_active IS DISTINCT FROM OLD.is_active
    OR NEW.trial_ends_at IS DISTINCT FROM OLD.trial_ends_at)
  EXECUTE FUNCTION aceite_sessions_notify('o');
--> statement-breakpoint
CREATE TRIGGER organizations_sessions_notify_delete AFTER DELETE ON organizations
  FOR EACH ROW EXECUTE FUNCTION aceite_sessions_notify('o');
