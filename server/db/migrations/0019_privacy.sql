CREATE TABLE "erased_members" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"erased_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text NOT NULL,
	"erased_by" integer
);
--> statement-breakpoint
CREATE TABLE "person_reads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"member_id" integer NOT NULL,
	"read_by" integer NOT NULL,
	"acting_org_id" integer,
	"kind" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "person_reads_member_idx" ON "person_reads" USING btree ("member_id","at");--> statement-breakpoint
CREATE INDEX "person_reads_reader_idx" ON "person_reads" USING btree ("read_by","at");--> statement-breakpoint
-- The data-protection officer's system role in databases seeded before it existed (a fresh one gets it from the seed).
INSERT INTO "roles" ("id", "name", "group_id", "params") SELECT 1007, 'Datenschutzbeauftragte(r)', 11, '{"editWhitelist":[1],"orgWhitelist":[1]}'::jsonb WHERE EXISTS (SELECT 1 FROM "role_groups" WHERE "id" = 11) ON CONFLICT ("id") DO NOTHING;
