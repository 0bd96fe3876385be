CREATE TABLE "owner_reminder_summaries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"outbox_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proposal_reminder_opt_outs" (
	"proposal_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proposal_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"proposal_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"outbox_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "owner_reminder_summaries" ADD CONSTRAINT "owner_reminder_summaries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_reminder_summaries" ADD CONSTRAINT "owner_reminder_summaries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_reminder_opt_outs" ADD CONSTRAINT "proposal_reminder_opt_outs_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_reminder_opt_outs" ADD CONSTRAINT "proposal_reminder_opt_outs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_reminders" ADD CONSTRAINT "proposal_reminders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_reminders" ADD CONSTRAINT "proposal_reminders_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "owner_reminder_summaries_user_day_key" ON "owner_reminder_summaries" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "owner_reminder_summaries_org_idx" ON "owner_reminder_summaries" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "proposal_reminder_opt_outs_org_idx" ON "proposal_reminder_opt_outs" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "proposal_reminders_proposal_kind_key" ON "proposal_reminders" USING btree ("proposal_id","kind");--> statement-breakpoint
CREATE INDEX "proposal_reminders_org_idx" ON "proposal_reminders" USING btree ("organization_id");