ALTER TABLE "organizations" ALTER COLUMN "plan" SET DEFAULT 'professional';--> statement-breakpoint
-- Issue 38 (docs/decisions.md, "Issue 38 — plans that mean something"): 'starter' was only the column's
-- default, never chosen, and every organization had Professional's features; the limits now enforced must
-- take nothing away, so those organizations are on Professional.
UPDATE "organizations" SET "plan" = 'professional' WHERE "plan" = 'starter';
