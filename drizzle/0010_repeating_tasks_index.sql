-- A repeating task done today stays on Today and Upcoming after its day has moved on (docs/product.md#repeats):
-- the person's repeating tasks are indexed, so those reads need not go through every planned task of theirs.
CREATE INDEX "tasks_user_repeat_idx" ON "tasks" USING btree ("user_id") WHERE "tasks"."repeat" is not null;