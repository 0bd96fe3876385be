-- pg_trgm ships with PostgreSQL (contrib; embedded-postgres and Debian include it) and is a trusted extension (13+): the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "proposals_org_status_idx";--> statement-breakpoint
DROP INDEX "proposals_org_created_idx";--> statement-breakpoint
CREATE INDEX "clients_name_trgm_idx" ON "clients" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_company_trgm_idx" ON "clients" USING gin ("company" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "proposals_org_status_created_idx" ON "proposals" USING btree ("organization_id","status","created_at");--> statement-breakpoint
CREATE INDEX "proposals_org_created_cover_idx" ON "proposals" USING btree ("organization_id","created_at","status","total_value","owner_id","client_id");--> statement-breakpoint
CREATE INDEX "proposals_title_trgm_idx" ON "proposals" USING gin ("title" gin_trgm_ops);