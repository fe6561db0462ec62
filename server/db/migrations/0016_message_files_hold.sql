ALTER TABLE "messages" ADD COLUMN "files_expected" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "files_held_until" timestamp with time zone;