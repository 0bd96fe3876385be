CREATE TABLE "trial_notices" (
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"trial_ends_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trial_notices_organization_id_kind_trial_ends_at_pk" PRIMARY KEY("organization_id","kind","trial_ends_at"),
	CONSTRAINT "trial_notices_kind_check" CHECK ("trial_notices"."kind" in ('3d', '1d', 'ended'))
);
--> statement-breakpoint
CREATE TABLE "upgrade_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"requested_plan" text NOT NULL,
	"billing_period" text DEFAULT 'monthly' NOT NULL,
	"note" text,
	"requested_by" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upgrade_requests_plan_check" CHECK ("upgrade_requests"."requested_plan" in ('starter', 'professional', 'enterprise')),
	CONSTRAINT "upgrade_requests_period_check" CHECK ("upgrade_requests"."billing_period" in ('monthly', 'yearly')),
	CONSTRAINT "upgrade_requests_status_check" CHECK ("upgrade_requests"."status" in ('pending', 'applied', 'dismissed')),
	CONSTRAINT "upgrade_requests_note_length" CHECK (char_length("upgrade_requests"."note") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "trial_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trial_notices" ADD CONSTRAINT "trial_notices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade_requests" ADD CONSTRAINT "upgrade_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade_requests" ADD CONSTRAINT "upgrade_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade_requests" ADD CONSTRAINT "upgrade_requests_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upgrade_requests_status_created_idx" ON "upgrade_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "upgrade_requests_org_idx" ON "upgrade_requests" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "organizations_trial_ends_at_idx" ON "organizations" USING btree ("trial_ends_at") WHERE "organizations"."trial_ends_at" is not null;