ALTER TABLE "users" ADD COLUMN "time_zone_from_device" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "day_start_hour" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_day_start_hour_range" CHECK (day_start_hour between 0 and 6);