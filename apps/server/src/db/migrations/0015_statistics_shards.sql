ALTER TABLE "statistics_daily" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "statistics_daily" DROP CONSTRAINT "statistics_daily_company_id_type_day_pk";--> statement-breakpoint
ALTER TABLE "statistics_daily" ADD CONSTRAINT "statistics_daily_company_id_type_day_shard_pk" PRIMARY KEY("company_id","type","day","shard");
