ALTER TABLE "proposal_approvals" ADD COLUMN "content_sha256" text;--> statement-breakpoint
ALTER TABLE "proposal_approvals" ADD COLUMN "previous_owner_id" uuid;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "approved_content_sha256" text;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "approval_reopened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proposal_approvals" ADD CONSTRAINT "proposal_approvals_previous_owner_id_users_id_fk" FOREIGN KEY ("previous_owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;