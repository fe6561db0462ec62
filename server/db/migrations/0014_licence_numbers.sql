CREATE TABLE "licence_number_counter" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_by" text,
	"claimed_until" timestamp with time zone,
	CONSTRAINT "password_reset_requests_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"id" serial PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "members_reg_nr_idx";--> statement-breakpoint
CREATE INDEX "password_reset_requests_due_idx" ON "password_reset_requests" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE INDEX "rate_limit_hits_key_idx" ON "rate_limit_hits" USING btree ("scope","key","at");--> statement-breakpoint
-- Licence numbers become unique. Blank numbers are cleared; of a number held by several persons
-- the first record (lowest id) keeps it and the others get new ones after the highest number on
-- record; persons who hold or held a licence but have no number get one. Each change is in the
-- audit trail. The counter starts after the highest number.
UPDATE "members" SET "reg_nr" = nullif(btrim("reg_nr"), '') WHERE "reg_nr" IS DISTINCT FROM nullif(btrim("reg_nr"), '');--> statement-breakpoint
INSERT INTO "licence_number_counter" ("id", "last")
  SELECT 1, coalesce(max("reg_nr"::integer), 0) FROM "members" WHERE "reg_nr" ~ '^[0-9]{1,9}$';--> statement-breakpoint
WITH "ranked" AS (
  SELECT "id", "reg_nr", row_number() OVER (PARTITION BY "reg_nr" ORDER BY "id") AS "rn" FROM "members" WHERE "reg_nr" IS NOT NULL
), "renumber" AS (
  SELECT "id", "reg_nr" AS "old_nr", ((SELECT "last" FROM "licence_number_counter" WHERE "id" = 1) + row_number() OVER (ORDER BY "id"))::text AS "new_nr"
  FROM "ranked" WHERE "rn" > 1
), "updated" AS (
  UPDATE "members" "m" SET "reg_nr" = "r"."new_nr" FROM "renumber" "r" WHERE "m"."id" = "r"."id" RETURNING "m"."id", "r"."old_nr", "r"."new_nr"
)
INSERT INTO "audit_entries" ("actor_id", "entity", "entity_id", "action", "changes")
  SELECT NULL, 'member', "id"::text, 'update', jsonb_build_object('regNr', jsonb_build_object('before', "old_nr", 'after', "new_nr")) FROM "updated";--> statement-breakpoint
UPDATE "licence_number_counter" SET "last" = greatest("last", (SELECT coalesce(max("reg_nr"::integer), 0) FROM "members" WHERE "reg_nr" ~ '^[0-9]{1,9}$')) WHERE "id" = 1;--> statement-breakpoint
WITH "missing" AS (
  SELECT "m"."id", ((SELECT "last" FROM "licence_number_counter" WHERE "id" = 1) + row_number() OVER (ORDER BY "m"."id"))::text AS "new_nr"
  FROM "members" "m"
  WHERE "m"."reg_nr" IS NULL AND EXISTS (SELECT 1 FROM "function_assignments" "f" WHERE "f"."member_id" = "m"."id" AND "f"."role_id" = 29)
), "updated" AS (
  UPDATE "members" "m" SET "reg_nr" = "x"."new_nr" FROM "missing" "x" WHERE "m"."id" = "x"."id" RETURNING "m"."id", "x"."new_nr"
)
INSERT INTO "audit_entries" ("actor_id", "entity", "entity_id", "action", "changes")
  SELECT NULL, 'member', "id"::text, 'update', jsonb_build_object('regNr', jsonb_build_object('before', NULL, 'after', "new_nr")) FROM "updated";--> statement-breakpoint
UPDATE "licence_number_counter" SET "last" = greatest("last", (SELECT coalesce(max("reg_nr"::integer), 0) FROM "members" WHERE "reg_nr" ~ '^[0-9]{1,9}$')) WHERE "id" = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "members_reg_nr_unique" ON "members" USING btree ("reg_nr");