CREATE TABLE "company_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"invoice_id" integer,
	"package_id" integer NOT NULL,
	"package_name" varchar(255) NOT NULL,
	"package_price" bigint NOT NULL,
	"duration_in_days" integer NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"wa_message_limit" integer NOT NULL,
	"wa_message_count" integer DEFAULT 0 NOT NULL,
	"ai_usage_limit" integer NOT NULL,
	"ai_usage_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_packages_wa_within_limit" CHECK ("company_packages"."wa_message_count" between 0 and "company_packages"."wa_message_limit"),
	CONSTRAINT "company_packages_ai_within_limit" CHECK ("company_packages"."ai_usage_count" between 0 and "company_packages"."ai_usage_limit")
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"period" char(6) PRIMARY KEY NOT NULL,
	"last_value" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"external_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"invoice_number" varchar(32) NOT NULL,
	"status" varchar(16) DEFAULT 'PENDING' NOT NULL,
	"package_id" integer NOT NULL,
	"package_name" varchar(255) NOT NULL,
	"duration_in_days" integer NOT NULL,
	"wa_message_limit" integer NOT NULL,
	"ai_usage_limit" integer NOT NULL,
	"payment_channel_id" integer NOT NULL,
	"channel_name" varchar(255) NOT NULL,
	"channel_code" varchar(32) NOT NULL,
	"payment_method" varchar(32) NOT NULL,
	"package_amount" bigint NOT NULL,
	"admin_fee" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"provider" varchar(32),
	"provider_ref" varchar(128),
	"account_number" varchar(64),
	"qr_string" text,
	"payment_url" text,
	"provider_payment_id" varchar(128),
	"paid_amount" bigint,
	"failure_reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expired_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	CONSTRAINT "invoices_external_id_unique" UNIQUE("external_id")
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"external_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(255) NOT NULL,
	"description" text NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"wa_message_limit" integer DEFAULT 0 NOT NULL,
	"ai_usage_limit" integer DEFAULT 0 NOT NULL,
	"duration_in_days" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "packages_external_id_unique" UNIQUE("external_id")
);
--> statement-breakpoint
CREATE TABLE "payment_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"external_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(255) NOT NULL,
	"type" varchar(32) NOT NULL,
	"code" varchar(32) NOT NULL,
	"admin_fee" numeric(14, 2) DEFAULT 0 NOT NULL,
	"expired_duration" integer DEFAULT 24 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"details" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "payment_channels_external_id_unique" UNIQUE("external_id")
);
--> statement-breakpoint
ALTER TABLE "company_packages" ADD CONSTRAINT "company_packages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_packages" ADD CONSTRAINT "company_packages_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_packages" ADD CONSTRAINT "company_packages_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_channel_id_payment_channels_id_fk" FOREIGN KEY ("payment_channel_id") REFERENCES "public"."payment_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_packages_company_period_idx" ON "company_packages" USING btree ("company_id","end_date","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "company_packages_company_invoice_key" ON "company_packages" USING btree ("company_id","invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_company_created_idx" ON "invoices" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_company_status_idx" ON "invoices" USING btree ("company_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_pending_per_company" ON "invoices" USING btree ("company_id") WHERE "invoices"."status" = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("invoice_number");--> statement-breakpoint
CREATE INDEX "packages_created_at_idx" ON "packages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payment_channels_created_at_idx" ON "payment_channels" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_channels_default_per_type" ON "payment_channels" USING btree ("type") WHERE "payment_channels"."is_default" and "payment_channels"."deleted_at" is null;