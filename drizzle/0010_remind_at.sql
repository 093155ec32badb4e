ALTER TABLE "habits" ADD COLUMN "remind_at" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "remind_at" text;--> statement-breakpoint
ALTER TABLE "habits" ADD CONSTRAINT "habits_remind_at_time" CHECK (remind_at is null or remind_at ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_remind_at_time" CHECK (remind_at is null or remind_at ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');