-- Every member carries the days on which they hold any function, as one multirange: the union of
-- their assignments' [date_from, date_to]. "Holds a function today" (person search over the whole
-- federation) is then `function_dates @> today` on the member row already read, instead of an
-- index probe into function_assignments for every name that matches. The database keeps it in
-- step: a trigger on function_assignments recomputes it for every member a statement touched, so
-- each path that writes assignments (forms, orders, imports, merges, undo) is covered. Not part of
-- the drizzle schema on purpose: no service reads it as a column or writes it.

ALTER TABLE "members" ADD COLUMN "function_dates" datemultirange NOT NULL DEFAULT '{}';--> statement-breakpoint
UPDATE "members" SET "function_dates" = held."dates"
FROM (
  SELECT "member_id", range_agg(daterange("date_from", "date_to", '[]')) AS "dates"
  FROM "function_assignments" WHERE "date_from" <= "date_to" GROUP BY "member_id"
) AS held
WHERE held."member_id" = "members"."id";--> statement-breakpoint
CREATE FUNCTION "refresh_member_function_dates"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT "member_id") INTO changed FROM new_assignments;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT "member_id") INTO changed FROM old_assignments;
  ELSE
    SELECT array_agg(DISTINCT "member_id") INTO changed
    FROM (SELECT "member_id" FROM old_assignments UNION SELECT "member_id" FROM new_assignments) AS both_sides;
  END IF;
  IF changed IS NULL THEN
    RETURN NULL;
  END IF;
  -- Lock the members in id order first: two writers then never take the same rows in opposite order.
  PERFORM 1 FROM "members" WHERE "id" = ANY (changed) ORDER BY "id" FOR NO KEY UPDATE;
  -- An assignment that ends before it starts is held on no day (as date_from <= day <= date_to says).
  UPDATE "members" SET "function_dates" = coalesce((
    SELECT range_agg(daterange(fa."date_from", fa."date_to", '[]'))
    FROM "function_assignments" AS fa
    WHERE fa."member_id" = "members"."id" AND fa."date_from" <= fa."date_to"
  ), '{}')
  WHERE "id" = ANY (changed);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "function_assignments_dates_insert" AFTER INSERT ON "function_assignments"
  REFERENCING NEW TABLE AS new_assignments FOR EACH STATEMENT EXECUTE FUNCTION "refresh_member_function_dates"();--> statement-breakpoint
CREATE TRIGGER "function_assignments_dates_update" AFTER UPDATE ON "function_assignments"
  REFERENCING OLD TABLE AS old_assignments NEW TABLE AS new_assignments FOR EACH STATEMENT EXECUTE FUNCTION "refresh_member_function_dates"();--> statement-breakpoint
CREATE TRIGGER "function_assignments_dates_delete" AFTER DELETE ON "function_assignments"
  REFERENCING OLD TABLE AS old_assignments FOR EACH STATEMENT EXECUTE FUNCTION "refresh_member_function_dates"();
