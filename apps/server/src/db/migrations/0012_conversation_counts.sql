CREATE TABLE "conversation_counts" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversation_counts" ADD CONSTRAINT "conversation_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A contact counts as a conversation once it has an incoming message (last_incoming_at is set).
CREATE FUNCTION "count_conversations"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta integer := 0;
  company integer;
BEGIN
  IF TG_OP <> 'DELETE' AND NEW.last_incoming_at IS NOT NULL THEN delta := delta + 1; END IF;
  IF TG_OP <> 'INSERT' AND OLD.last_incoming_at IS NOT NULL THEN delta := delta - 1; END IF;
  IF delta <> 0 THEN
    company := CASE WHEN TG_OP = 'DELETE' THEN OLD.company_id ELSE NEW.company_id END;
    INSERT INTO conversation_counts (company_id, total) VALUES (company, delta)
    ON CONFLICT (company_id) DO UPDATE SET total = conversation_counts.total + EXCLUDED.total;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "contacts_count_conversations"
AFTER INSERT OR DELETE OR UPDATE OF last_incoming_at ON "contacts"
FOR EACH ROW EXECUTE FUNCTION "count_conversations"();
--> statement-breakpoint
INSERT INTO "conversation_counts" ("company_id", "total")
SELECT "company_id", count(*)::int FROM "contacts" WHERE "last_incoming_at" IS NOT NULL GROUP BY "company_id";
