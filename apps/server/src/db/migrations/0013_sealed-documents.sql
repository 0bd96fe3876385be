CREATE TABLE "sealed_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"proposal_id" uuid NOT NULL,
	"verification_code" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"sha256" text,
	"storage_key" text,
	"events_sha256" text,
	"event_count" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sealed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sealed_documents" ADD CONSTRAINT "sealed_documents_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sealed_documents" ADD CONSTRAINT "sealed_documents_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sealed_documents_proposal_key" ON "sealed_documents" USING btree ("proposal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sealed_documents_code_key" ON "sealed_documents" USING btree ("verification_code");--> statement-breakpoint
CREATE UNIQUE INDEX "sealed_documents_sha256_key" ON "sealed_documents" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "sealed_documents_pending_idx" ON "sealed_documents" USING btree ("status","next_attempt_at");