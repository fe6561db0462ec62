ALTER TABLE "tournaments" ADD COLUMN "approved_snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "published_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
-- Tournaments approved before: the version the calendar shows now becomes the approved one.
UPDATE "tournaments" SET "approved_snapshot" = jsonb_build_object('name', "name", 'typeId', "type_id", 'start', to_char("start", 'YYYY-MM-DD'), 'end', to_char("end", 'YYYY-MM-DD'), 'openFrom', to_char("open_from", 'YYYY-MM-DD'), 'openTo', to_char("open_to", 'YYYY-MM-DD'), 'params', "params"), "published_at" = "updated_at" WHERE "approved" = true;
