-- A fresh Today each day (docs/product.md#fresh-today): a normal task completed on an earlier day leaves
-- Today, which needs the day it was completed on. Tasks completed before this column existed take the
-- day of their last change in the person's zone and "day starts at" hour (the zone in UTC when this
-- PostgreSQL does not know it), so what was done today stays until tomorrow.
ALTER TABLE "tasks" ADD COLUMN "completed_on" date;--> statement-breakpoint
UPDATE "tasks" AS t
SET "completed_on" = ((t."updated_at" AT TIME ZONE (
    CASE WHEN EXISTS (SELECT 1 FROM pg_timezone_names z WHERE z.name = u."time_zone") THEN u."time_zone" ELSE 'UTC' END
  )) - make_interval(hours => u."day_start_hour"))::date
FROM "users" AS u
WHERE u."id" = t."user_id" AND t."completed";
