CREATE TABLE "sepa_creditors" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"creditor_identifier" text NOT NULL,
	"iban" text NOT NULL,
	"bic" text,
	"default_pattern" text DEFAULT 'oneOff' NOT NULL,
	"default_instalments" integer,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sepa_creditors_pattern_check" CHECK ("sepa_creditors"."default_pattern" in ('oneOff', 'monthly')),
	CONSTRAINT "sepa_creditors_instalments_check" CHECK (("sepa_creditors"."default_pattern" = 'oneOff' and "sepa_creditors"."default_instalments" is null) or ("sepa_creditors"."default_pattern" = 'monthly' and "sepa_creditors"."default_instalments" between 2 and 60))
);
--> statement-breakpoint
ALTER TABLE "sepa_creditors" ADD CONSTRAINT "sepa_creditors_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sepa_creditors" ADD CONSTRAINT "sepa_creditors_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;