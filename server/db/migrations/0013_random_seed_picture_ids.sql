-- Profile pictures the demo seed recorded under counted uuids (00000000-0000-4000-8000-<member id>)
-- get random ones, like every upload: a picture's uuid is the address it is served under.
WITH "ids" AS MATERIALIZED (
  SELECT "uuid" AS "old", gen_random_uuid() AS "new" FROM "uploaded_files"
  WHERE "owner_type" = 'member_image' AND "uuid"::text LIKE '00000000-0000-4000-8000-%'
), "pointed" AS (
  UPDATE "members" m SET "uuid" = "ids"."new" FROM "ids" WHERE m."uuid" = "ids"."old"
)
UPDATE "uploaded_files" f SET "uuid" = "ids"."new" FROM "ids" WHERE f."uuid" = "ids"."old";
