CREATE TABLE "chat_configs" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"use_ai" boolean DEFAULT false NOT NULL,
	"use_bot" boolean DEFAULT false NOT NULL,
	"auto_reply" boolean DEFAULT true NOT NULL,
	"ai_type" varchar(16) DEFAULT 'internal' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"external_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"integration_id" integer NOT NULL,
	"chat_id" varchar(128) NOT NULL,
	"chat_type" varchar(16) NOT NULL,
	"name" varchar(255) NOT NULL,
	"phone" varchar(32),
	"last_message" text,
	"last_message_at" timestamp with time zone,
	"last_incoming_message" text,
	"last_incoming_at" timestamp with time zone,
	"total_messages" integer DEFAULT 0 NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_external_id_unique" UNIQUE("external_id")
);
--> statement-breakpoint
CREATE TABLE "integrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"external_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"type" varchar(32) DEFAULT 'message_platform' NOT NULL,
	"title" varchar(255) NOT NULL,
	"status" varchar(16) DEFAULT 'inactive' NOT NULL,
	"platform_id" integer NOT NULL,
	"account_id_encrypted" text NOT NULL,
	"account_hint" varchar(64) NOT NULL,
	"account_lookup" varchar(128) NOT NULL,
	"webhook_secret_encrypted" text NOT NULL,
	"account_name" varchar(255),
	"connection_state" varchar(32),
	"last_error" text,
	"last_sync_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "integrations_external_id_unique" UNIQUE("external_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"integration_id" integer NOT NULL,
	"is_from_me" boolean NOT NULL,
	"sender_name" varchar(255) NOT NULL,
	"content" text NOT NULL,
	"provider_message_id" varchar(255),
	"status" varchar(16) NOT NULL,
	"error" text,
	"is_read" boolean DEFAULT false NOT NULL,
	"sent_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platforms" (
	"id" serial PRIMARY KEY NOT NULL,
	"external_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"platform_name" varchar(64) NOT NULL,
	"kind" varchar(32) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platforms_external_id_unique" UNIQUE("external_id"),
	CONSTRAINT "platforms_platform_name_unique" UNIQUE("platform_name")
);
--> statement-breakpoint
CREATE TABLE "bus_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_configs" ADD CONSTRAINT "chat_configs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_company_chat_key" ON "contacts" USING btree ("company_id","chat_id");--> statement-breakpoint
CREATE INDEX "contacts_company_incoming_idx" ON "contacts" USING btree ("company_id","last_incoming_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contacts_company_last_idx" ON "contacts" USING btree ("company_id","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "integrations_company_created_idx" ON "integrations" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "integrations_lookup_idx" ON "integrations" USING btree ("account_lookup");--> statement-breakpoint
CREATE INDEX "messages_company_contact_idx" ON "messages" USING btree ("company_id","contact_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "messages_provider_key" ON "messages" USING btree ("integration_id","provider_message_id") WHERE "messages"."provider_message_id" is not null;