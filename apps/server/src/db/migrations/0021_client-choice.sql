ALTER TABLE "proposals" ADD COLUMN "client_choice" jsonb;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "chosen_total" bigint;