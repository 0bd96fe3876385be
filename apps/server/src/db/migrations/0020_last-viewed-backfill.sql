-- Custom SQL migration file, put your code below! --
-- The list's "Última visualização" (docs/product.md#reading) for proposals viewed before the column existed:
-- the last counted view the evidence chain recorded.
UPDATE "proposals" p SET "last_viewed_at" = e.last_view
FROM (SELECT "proposal_id", max("occurred_at") AS last_view FROM "proposal_events" WHERE "type" = 'viewed' GROUP BY "proposal_id") e
WHERE e."proposal_id" = p."id" AND p."last_viewed_at" IS NULL;
