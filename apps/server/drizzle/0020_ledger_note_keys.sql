ALTER TABLE "ledger_entries" ADD COLUMN "note_key" text;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "note_params" jsonb;