ALTER TABLE "proposals" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "proposals" ALTER COLUMN "number_year" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "proposals" ALTER COLUMN "number_seq" SET NOT NULL;