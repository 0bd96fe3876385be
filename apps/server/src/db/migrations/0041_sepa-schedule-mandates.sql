CREATE TABLE "sepa_collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"mandate_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"sequence_type" text NOT NULL,
	"collection_date" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"end_to_end_id" text NOT NULL,
	"status" text DEFAULT 'due' NOT NULL,
	"export_id" uuid,
	"submitted_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"returned_at" timestamp with time zone,
	"return_reason" text,
	"pre_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sepa_collections_amount_check" CHECK ("sepa_collections"."amount_cents" > 0),
	CONSTRAINT "sepa_collections_status_check" CHECK ("sepa_collections"."status" in ('due', 'submitted', 'paid', 'returned'))
);
--> statement-breakpoint
CREATE TABLE "sepa_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"message_id" text NOT NULL,
	"version" text NOT NULL,
	"collection_date" date NOT NULL,
	"number_of_transactions" integer NOT NULL,
	"control_sum_cents" bigint NOT NULL,
	"xml" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sepa_mandates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"proposal_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"debtor_name" text NOT NULL,
	"debtor_iban" text NOT NULL,
	"debtor_bic" text,
	"creditor_name" text NOT NULL,
	"creditor_identifier" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sepa_mandates_status_check" CHECK ("sepa_mandates"."status" in ('active', 'revoked'))
);
--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "sepa_pattern" text;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "sepa_instalments" integer;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "sepa_first_collection_date" date;--> statement-breakpoint
ALTER TABLE "sepa_collections" ADD CONSTRAINT "sepa_collections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sepa_collections" ADD CONSTRAINT "sepa_collections_mandate_id_sepa_mandates_id_fk" FOREIGN KEY ("mandate_id") REFERENCES "public"."sepa_mandates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sepa_collections" ADD CONSTRAINT "sepa_collections_export_id_sepa_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."sepa_exports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sepa_exports" ADD CONSTRAINT "sepa_exports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sepa_exports" ADD CONSTRAINT "sepa_exports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sepa_mandates" ADD CONSTRAINT "sepa_mandates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sepa_mandates" ADD CONSTRAINT "sepa_mandates_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sepa_collections_org_end_to_end_key" ON "sepa_collections" USING btree ("organization_id","end_to_end_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sepa_collections_mandate_sequence_key" ON "sepa_collections" USING btree ("mandate_id","sequence");--> statement-breakpoint
CREATE INDEX "sepa_collections_org_status_date_idx" ON "sepa_collections" USING btree ("organization_id","status","collection_date");--> statement-breakpoint
CREATE UNIQUE INDEX "sepa_exports_org_message_key" ON "sepa_exports" USING btree ("organization_id","message_id");--> statement-breakpoint
CREATE INDEX "sepa_exports_org_created_idx" ON "sepa_exports" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sepa_mandates_org_reference_key" ON "sepa_mandates" USING btree ("organization_id","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "sepa_mandates_proposal_key" ON "sepa_mandates" USING btree ("proposal_id");--> statement-breakpoint
CREATE INDEX "sepa_mandates_org_created_idx" ON "sepa_mandates" USING btree ("organization_id","created_at");--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_sepa_schedule_check" CHECK (("proposals"."sepa_pattern" is null and "proposals"."sepa_instalments" is null and "proposals"."sepa_first_collection_date" is null) or ("proposals"."sepa_pattern" = 'oneOff' and "proposals"."sepa_instalments" is null and "proposals"."sepa_first_collection_date" is not null) or ("proposals"."sepa_pattern" = 'monthly' and "proposals"."sepa_instalments" between 2 and 60 and "proposals"."sepa_first_collection_date" is not null));