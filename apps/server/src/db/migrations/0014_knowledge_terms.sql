CREATE TABLE "knowledge_terms" (
	"company_id" integer NOT NULL,
	"lexeme" text NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "knowledge_terms_company_id_lexeme_pk" PRIMARY KEY("company_id","lexeme")
);
--> statement-breakpoint
ALTER TABLE "knowledge_terms" ADD CONSTRAINT "knowledge_terms_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Document frequencies follow every write of knowledge_entries: the rows a statement added count
-- +1 for each of their lexemes, the rows it removed -1. Statement-level with transition tables, so
-- a 500-row insert is one upsert. Writers of one company take turns (advisory lock until commit):
-- a re-index removes then adds, and two of them upserting the same lexemes would deadlock.
CREATE FUNCTION "count_knowledge_terms"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_advisory_xact_lock(1801, company_id) FROM (SELECT DISTINCT company_id FROM added ORDER BY 1) c;
    INSERT INTO knowledge_terms (company_id, lexeme, entries)
    SELECT company_id, lexeme, count(*)::int FROM added, unnest(tsvector_to_array(tsv)) AS lexeme
    GROUP BY company_id, lexeme ORDER BY company_id, lexeme
    ON CONFLICT (company_id, lexeme) DO UPDATE SET entries = knowledge_terms.entries + EXCLUDED.entries;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM pg_advisory_xact_lock(1801, company_id) FROM (SELECT DISTINCT company_id FROM removed ORDER BY 1) c;
    INSERT INTO knowledge_terms (company_id, lexeme, entries)
    SELECT company_id, lexeme, -count(*)::int FROM removed, unnest(tsvector_to_array(tsv)) AS lexeme
    GROUP BY company_id, lexeme ORDER BY company_id, lexeme
    ON CONFLICT (company_id, lexeme) DO UPDATE SET entries = knowledge_terms.entries + EXCLUDED.entries;
    DELETE FROM knowledge_terms t
    USING (SELECT DISTINCT company_id, lexeme FROM removed, unnest(tsvector_to_array(tsv)) AS lexeme) r
    WHERE t.company_id = r.company_id AND t.lexeme = r.lexeme AND t.entries <= 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "knowledge_entries_added" AFTER INSERT ON "knowledge_entries"
REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "count_knowledge_terms"();
--> statement-breakpoint
CREATE TRIGGER "knowledge_entries_removed" AFTER DELETE ON "knowledge_entries"
REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "count_knowledge_terms"();
--> statement-breakpoint
CREATE TRIGGER "knowledge_entries_changed" AFTER UPDATE ON "knowledge_entries"
REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "count_knowledge_terms"();
--> statement-breakpoint
INSERT INTO "knowledge_terms" ("company_id", "lexeme", "entries")
SELECT "company_id", lexeme, count(*)::int FROM "knowledge_entries", unnest(tsvector_to_array("tsv")) AS lexeme
GROUP BY "company_id", lexeme;
