CREATE TABLE "proposal_client_tallies" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	"won" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proposal_tallies" (
	"organization_id" uuid NOT NULL,
	"slot" smallint NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "proposal_tallies_organization_id_slot_pk" PRIMARY KEY("organization_id","slot")
);
--> statement-breakpoint
ALTER TABLE "proposal_client_tallies" ADD CONSTRAINT "proposal_client_tallies_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_client_tallies" ADD CONSTRAINT "proposal_client_tallies_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_tallies" ADD CONSTRAINT "proposal_tallies_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proposal_client_tallies_rank_idx" ON "proposal_client_tallies" USING btree ("organization_id","value" desc,"client_id") WHERE "proposal_client_tallies"."count" > 0;