-- Habit schedules (docs/product.md#habit-schedules): a rule and the day it was set, or N times a week
-- (1 to 6, never with a rule).
ALTER TABLE "habits" ADD COLUMN "repeat" text;--> statement-breakpoint
ALTER TABLE "habits" ADD COLUMN "repeat_start" date;--> statement-breakpoint
ALTER TABLE "habits" ADD COLUMN "times_per_week" smallint;--> statement-breakpoint
ALTER TABLE "habits" ADD CONSTRAINT "habits_times_per_week_range" CHECK (times_per_week is null or (times_per_week between 1 and 6 and repeat is null));