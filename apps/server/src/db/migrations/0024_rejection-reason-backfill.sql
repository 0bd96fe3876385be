-- Issue 24: rejections recorded before the structured reasons existed count as 'other' (docs/product.md#rejection-reasons).
UPDATE "proposals" SET "rejection_reason_code" = 'other' WHERE "rejected_at" IS NOT NULL AND "rejection_reason_code" IS NULL;
