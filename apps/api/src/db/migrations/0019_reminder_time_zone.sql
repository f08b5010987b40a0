-- The zone each push notification was scheduled in (the settings' default time zone at creation).
-- Every push scheduled before this was scheduled in Moscow time, which is the default.
ALTER TABLE "reminders" ADD COLUMN "time_zone" text DEFAULT 'Europe/Moscow' NOT NULL;
