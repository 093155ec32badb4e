-- Today reorders rewrite today_sort_order on every row of the list: indexed, each of them left a new
-- entry in every index of the table (no HOT update), and the Today read slowed as they piled up.
-- Indexed by person alone, a reorder touches no index (docs/decisions/013-api-cost.md).
DROP INDEX "habits_user_today_idx";--> statement-breakpoint
DROP INDEX "tasks_user_today_idx";--> statement-breakpoint
CREATE INDEX "habits_user_today_idx" ON "habits" USING btree ("user_id") WHERE "habits"."is_today";--> statement-breakpoint
CREATE INDEX "tasks_user_today_idx" ON "tasks" USING btree ("user_id") WHERE "tasks"."is_today";