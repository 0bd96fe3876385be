DROP INDEX "proposals_org_status_created_idx";--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "proposals_org_status_created_idx" ON "proposals" USING btree ("organization_id","status","created_at") WHERE "proposals"."archived_at" is null;