ALTER TABLE "answer_codes" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "recipient_name" text;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "recipient_email" text;--> statement-breakpoint
-- Proposals already sent: their recipient frozen as the client record holds it now (docs/decisions.md, issue 34).
UPDATE "proposals" AS p SET "recipient_name" = c."name", "recipient_email" = c."email"
FROM "clients" AS c
WHERE c."id" = p."client_id" AND p."sent_at" IS NOT NULL AND p."recipient_email" IS NULL;
