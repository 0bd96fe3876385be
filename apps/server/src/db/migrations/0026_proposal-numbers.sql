CREATE TABLE "proposal_number_counters" (
	"organization_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "proposal_number_counters_organization_id_year_pk" PRIMARY KEY("organization_id","year")
);
--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "number" text;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "number_year" integer;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "number_seq" integer;--> statement-breakpoint
ALTER TABLE "proposal_number_counters" ADD CONSTRAINT "proposal_number_counters_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_org_number_key" ON "proposals" USING btree ("organization_id","number_year","number_seq");