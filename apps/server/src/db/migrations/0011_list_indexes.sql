DROP INDEX "contacts_company_incoming_idx";--> statement-breakpoint
DROP INDEX "messages_company_contact_idx";--> statement-breakpoint
CREATE INDEX "contacts_company_incoming_idx" ON "contacts" USING btree ("company_id","last_incoming_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "messages_company_contact_idx" ON "messages" USING btree ("company_id","contact_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);