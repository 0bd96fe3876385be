CREATE TABLE "sso_saml_assertions" (
	"organization_id" uuid NOT NULL,
	"assertion_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sso_saml_assertions_organization_id_assertion_id_pk" PRIMARY KEY("organization_id","assertion_id")
);
--> statement-breakpoint
ALTER TABLE "sso_connections" ALTER COLUMN "client_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_connections" ALTER COLUMN "client_secret_encrypted" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_flows" ALTER COLUMN "code_verifier" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_flows" ALTER COLUMN "nonce" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD COLUMN "protocol" text DEFAULT 'oidc' NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD COLUMN "saml_metadata_url" text;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD COLUMN "saml_sso_url" text;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD COLUMN "saml_certificates" text[];--> statement-breakpoint
ALTER TABLE "sso_flows" ADD COLUMN "protocol" text DEFAULT 'oidc' NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_flows" ADD COLUMN "saml_request_id" text;--> statement-breakpoint
ALTER TABLE "sso_flows" ADD COLUMN "saml_code_hash" text;--> statement-breakpoint
ALTER TABLE "sso_flows" ADD COLUMN "saml_profile" jsonb;--> statement-breakpoint
ALTER TABLE "sso_saml_assertions" ADD CONSTRAINT "sso_saml_assertions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_saml_assertions_expires_idx" ON "sso_saml_assertions" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "sso_connections" ADD CONSTRAINT "sso_connections_protocol_check" CHECK (("sso_connections"."protocol" = 'oidc' and "sso_connections"."client_id" is not null and "sso_connections"."client_secret_encrypted" is not null)
        or ("sso_connections"."protocol" = 'saml' and "sso_connections"."saml_sso_url" is not null and "sso_connections"."saml_certificates" is not null));