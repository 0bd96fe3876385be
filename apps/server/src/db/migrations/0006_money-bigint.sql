ALTER TABLE "products" ALTER COLUMN "price" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "proposals" ALTER COLUMN "subtotal" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "proposals" ALTER COLUMN "discount_value" SET DATA TYPE numeric(15, 2);--> statement-breakpoint
ALTER TABLE "proposals" ALTER COLUMN "discount_amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "proposals" ALTER COLUMN "tax_amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "proposals" ALTER COLUMN "total_value" SET DATA TYPE bigint;