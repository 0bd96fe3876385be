ALTER TABLE "sepa_mandates" ADD COLUMN "debtor_email" text;--> statement-breakpoint
-- The address the pre-notifications went to until now (docs/product.md#mandates-collections-and-the-file): the
-- proposal's recipient (where the acceptance's one-time code went), else the signer's.
UPDATE "sepa_mandates" m SET "debtor_email" = coalesce(p."recipient_email", p."signed_by_email")
FROM "proposals" p WHERE p."id" = m."proposal_id";--> statement-breakpoint
-- A due collection marked pre-notified though its mandate had no address was never announced: it is again.
UPDATE "sepa_collections" c SET "pre_notified_at" = NULL
FROM "sepa_mandates" m
WHERE m."id" = c."mandate_id" AND m."debtor_email" IS NULL AND c."status" = 'due' AND c."pre_notified_at" IS NOT NULL;
