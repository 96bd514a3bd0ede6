CREATE TABLE "menu_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"action_code" varchar(64) NOT NULL,
	"action_name" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "menu_actions_action_code_unique" UNIQUE("action_code")
);
--> statement-breakpoint
CREATE TABLE "platform_settings" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "access_level" varchar(16) DEFAULT 'full' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "custom_permissions" text[] DEFAULT '{}'::text[] NOT NULL;