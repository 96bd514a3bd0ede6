CREATE TABLE "statistics_daily" (
	"company_id" integer NOT NULL,
	"type" varchar(32) NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "statistics_daily_company_id_type_day_pk" PRIMARY KEY("company_id","type","day")
);
--> statement-breakpoint
ALTER TABLE "statistics_daily" ADD CONSTRAINT "statistics_daily_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Existing deployments: the chats counter starts from the messages already received (UTC days).
INSERT INTO "statistics_daily" ("company_id", "type", "day", "count")
SELECT "company_id", 'chats', ("created_at" AT TIME ZONE 'UTC')::date, count(*)::integer
FROM "messages" WHERE "is_from_me" = false
GROUP BY 1, 3;
