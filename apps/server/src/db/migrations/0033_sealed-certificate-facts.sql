ALTER TABLE "sealed_documents" ADD COLUMN "certificate" jsonb;--> statement-breakpoint
-- Documents sealed before this column existed: their facts as recorded now (docs/decisions.md, issue 33).
UPDATE "sealed_documents" AS s SET "certificate" = jsonb_build_object(
	'proposalTitle', p."title",
	'organizationName', o."name",
	'signerName', coalesce(p."signed_by_name", c."name"),
	'decision', CASE WHEN p."signed_at" IS NULL THEN 'accepted' ELSE 'signed' END,
	'decidedAt', to_char(coalesce(p."signed_at", p."accepted_at", s."sealed_at") AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
	'total', coalesce(p."chosen_total", p."total_value"),
	'currency', p."currency")
FROM "proposals" AS p
JOIN "organizations" AS o ON o."id" = p."organization_id"
LEFT JOIN "clients" AS c ON c."id" = p."client_id"
WHERE p."id" = s."proposal_id" AND s."status" = 'sealed';
