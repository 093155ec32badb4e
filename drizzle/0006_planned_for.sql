-- A day for every task (docs/product.md#planning). Today reads the planned tasks of the person up to
-- their day, and Upcoming a range of days: the index holds planned tasks only.
ALTER TABLE "tasks" ADD COLUMN "planned_for" date;--> statement-breakpoint
CREATE INDEX "tasks_user_planned_idx" ON "tasks" USING btree ("user_id","planned_for") WHERE "tasks"."planned_for" is not null;