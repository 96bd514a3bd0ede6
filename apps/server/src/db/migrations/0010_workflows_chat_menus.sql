CREATE TABLE "bot_menu_sessions" (
	"contact_id" integer PRIMARY KEY NOT NULL,
	"menu_id" integer,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_menus" (
	"id" serial PRIMARY KEY NOT NULL,
	"external_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"parent_id" integer,
	"name" varchar(255) NOT NULL,
	"description" text NOT NULL,
	"workflow_id" integer,
	"action_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_menus_external_id_unique" UNIQUE("external_id")
);
--> statement-breakpoint
CREATE TABLE "workflow_instances" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"integration_ids" integer[] NOT NULL,
	"status" boolean DEFAULT false NOT NULL,
	"engine_workflow_id" varchar(64),
	"webhook_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"nodes" jsonb NOT NULL,
	"connections" jsonb NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"engine_workflow_id" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_templates_engine_workflow_id_unique" UNIQUE("engine_workflow_id")
);
--> statement-breakpoint
ALTER TABLE "bot_menu_sessions" ADD CONSTRAINT "bot_menu_sessions_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_menu_sessions" ADD CONSTRAINT "bot_menu_sessions_menu_id_chat_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."chat_menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_menus" ADD CONSTRAINT "chat_menus_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_menus" ADD CONSTRAINT "chat_menus_workflow_id_workflow_instances_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflow_instances"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_menus" ADD CONSTRAINT "chat_menus_action_id_menu_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."menu_actions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_menus" ADD CONSTRAINT "chat_menus_parent_id_chat_menus_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."chat_menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_instances" ADD CONSTRAINT "workflow_instances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_instances" ADD CONSTRAINT "workflow_instances_template_id_workflow_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."workflow_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_menus_company_idx" ON "chat_menus" USING btree ("company_id","parent_id","position");--> statement-breakpoint
CREATE INDEX "workflow_instances_company_idx" ON "workflow_instances" USING btree ("company_id","created_at");