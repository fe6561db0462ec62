ALTER TABLE "members" ADD COLUMN "dup_birth_key" date;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "dup_first_key" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "dup_surname_key" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "dup_match" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "members_duplicate_keys_idx" ON "members" USING btree ("dup_birth_key","dup_surname_key","dup_first_key","id");--> statement-breakpoint
CREATE INDEX "members_duplicate_match_idx" ON "members" USING btree ("dup_birth_key","dup_surname_key","dup_first_key","id") WHERE "members"."dup_match";