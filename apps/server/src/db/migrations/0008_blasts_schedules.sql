CREATE TABLE "blast_recipients" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"blast_id" integer NOT NULL,
	"chat_id" varchar(128) NOT NULL,
	"name" varchar(255),
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"error" text,
	"provider_message_id" varchar(255),
	"not_before" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "blasts" (
	"id" serial PRIMARY KEY NOT NULL,
	"external_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"integration_id" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"description" text,
	"message" text NOT NULL,
	"status" varchar(16) NOT NULL,
	"status_reason" text,
	"total" integer NOT NULL,
	"success_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"schedule_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "blasts_external_id_unique" UNIQUE("external_id")
);
--> statement-breakpoint
CREATE TABLE "schedule_recipients" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"schedule_id" integer NOT NULL,
	"chat_id" varchar(128) NOT NULL,
	"name" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"external_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"integration_id" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"description" text NOT NULL,
	"status" varchar(16) NOT NULL,
	"schedule_type" varchar(8) NOT NULL,
	"repeat_type" varchar(8),
	"day" integer,
	"start_time" varchar(19) NOT NULL,
	"end_time" varchar(19),
	"time_zone" varchar(64) NOT NULL,
	"recipient_type" varchar(16) NOT NULL,
	"contact_search" text,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "schedules_external_id_unique" UNIQUE("external_id")
);
--> statement-breakpoint
CREATE TABLE "send_windows" (
	"integration_id" integer NOT NULL,
	"second" bigint NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "send_windows_integration_id_second_pk" PRIMARY KEY("integration_id","second")
);
--> statement-breakpoint
ALTER TABLE "blast_recipients" ADD CONSTRAINT "blast_recipients_blast_id_blasts_id_fk" FOREIGN KEY ("blast_id") REFERENCES "public"."blasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blasts" ADD CONSTRAINT "blasts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blasts" ADD CONSTRAINT "blasts_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blasts" ADD CONSTRAINT "blasts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blasts" ADD CONSTRAINT "blasts_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_recipients" ADD CONSTRAINT "schedule_recipients_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blast_recipients_due_idx" ON "blast_recipients" USING btree ("blast_id","id") WHERE status in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "blasts_company_idx" ON "blasts" USING btree ("company_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "blasts_schedule_idx" ON "blasts" USING btree ("schedule_id");--> statement-breakpoint
CREATE INDEX "schedule_recipients_schedule_idx" ON "schedule_recipients" USING btree ("schedule_id");--> statement-breakpoint
CREATE INDEX "schedules_company_idx" ON "schedules" USING btree ("company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "schedules_due_idx" ON "schedules" USING btree ("next_run_at") WHERE deleted_at is null and status in ('active', 'running');