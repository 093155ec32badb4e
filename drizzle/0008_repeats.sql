-- Repeats (docs/product.md#repeats): a task's rule and the day it counts from, and, on each completion of a
-- repeating task, the day it was planned for before it moved on, which Undo puts back.
ALTER TABLE "task_completions" ADD COLUMN "planned_for" date;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "repeat" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "repeat_start" date;