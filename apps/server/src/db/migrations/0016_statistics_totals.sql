CREATE TABLE "statistics_totals" (
	"company_id" integer NOT NULL,
	"type" varchar(32) NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "statistics_totals_company_id_type_shard_pk" PRIMARY KEY("company_id","type","shard")
);
--> statement-breakpoint
ALTER TABLE "statistics_totals" ADD CONSTRAINT "statistics_totals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Every change of a day row moves its type's total (the same shard) by the same amount.
CREATE FUNCTION "count_statistics_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_now statistics_daily%ROWTYPE;
  delta integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    row_now := OLD;
    delta := -OLD.count;
  ELSIF TG_OP = 'UPDATE' THEN
    row_now := NEW;
    delta := NEW.count - OLD.count;
  ELSE
    row_now := NEW;
    delta := NEW.count;
  END IF;
  IF delta <> 0 THEN
    INSERT INTO statistics_totals (company_id, type, shard, count)
    VALUES (row_now.company_id, row_now.type, row_now.shard, delta)
    ON CONFLICT (company_id, type, shard) DO UPDATE SET count = statistics_totals.count + EXCLUDED.count;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "statistics_daily_totals"
AFTER INSERT OR UPDATE OF count OR DELETE ON "statistics_daily"
FOR EACH ROW EXECUTE FUNCTION "count_statistics_totals"();
--> statement-breakpoint
INSERT INTO "statistics_totals" ("company_id", "type", "shard", "count")
SELECT "company_id", "type", "shard", sum("count")::int FROM "statistics_daily" GROUP BY "company_id", "type", "shard";
