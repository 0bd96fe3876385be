CREATE TABLE "proposal_reading" (
	"visit_id" uuid NOT NULL,
	"proposal_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"visible_ms" integer DEFAULT 0 NOT NULL,
	"device" text NOT NULL,
	"ip" text,
	"sections" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "proposal_reading_proposal_id_visit_id_pk" PRIMARY KEY("proposal_id","visit_id")
);
--> statement-breakpoint
CREATE TABLE "proposal_reading_totals" (
	"proposal_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"visible_ms" bigint DEFAULT 0 NOT NULL,
	"sections" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "last_viewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proposal_reading" ADD CONSTRAINT "proposal_reading_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_reading" ADD CONSTRAINT "proposal_reading_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_reading_totals" ADD CONSTRAINT "proposal_reading_totals_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_reading_totals" ADD CONSTRAINT "proposal_reading_totals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proposal_reading_org_started_idx" ON "proposal_reading" USING btree ("organization_id","started_at");--> statement-breakpoint
CREATE INDEX "proposals_org_last_viewed_idx" ON "proposals" USING btree ("organization_id","last_viewed_at");