CREATE TYPE "public"."gender" AS ENUM('m', 'w', 'd');--> statement-breakpoint
CREATE TABLE "countries" (
	"id" integer PRIMARY KEY NOT NULL,
	"iso2" varchar(2) NOT NULL,
	"name_de" text NOT NULL,
	"name_en" text NOT NULL,
	CONSTRAINT "countries_iso2_unique" UNIQUE("iso2")
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid,
	"name" text NOT NULL,
	"name_short" text NOT NULL,
	"street" text,
	"city" text,
	"zip" text,
	"address" text,
	"street2" text,
	"city2" text,
	"zip2" text,
	"email" text,
	"homepage" text,
	"phone_office" text,
	"fax_office" text,
	"bso" text,
	"zvr" text,
	"dvr" text,
	"org_start_date" date,
	"org_end_date" date,
	"inoperative_since" date,
	"org_mother_id" integer,
	"org_level" integer NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "places" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"pname" text NOT NULL,
	"address" text,
	"city" text,
	"zip" text,
	"lat" double precision,
	"lon" double precision,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid,
	"reg_nr" text,
	"ext_id" text,
	"first_name" text NOT NULL,
	"middle_name" text,
	"surname" text NOT NULL,
	"birth_date" date NOT NULL,
	"gender" "gender" NOT NULL,
	"nationality" integer,
	"country" integer,
	"street" text,
	"house_number" text,
	"door_number" text,
	"zip" text,
	"city" text,
	"phone_mobile" text,
	"phone_fixed" text,
	"email" text,
	"password_hash" text,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "function_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date DEFAULT '2999-12-31' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_groups" (
	"id" integer PRIMARY KEY NOT NULL,
	"group" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"group_id" integer NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_trainings" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"training_id" integer NOT NULL,
	"org_id" integer,
	"date_from" date NOT NULL,
	"date_to" date,
	"controller" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_definitions" (
	"id" integer PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"group_title" text NOT NULL,
	"name" text NOT NULL,
	"validity_months" integer,
	"rules" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"client" text NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "uploaded_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" integer,
	"original_name" text NOT NULL,
	"stored_path" text NOT NULL,
	"mime" text NOT NULL,
	"size" bigint NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploaded_files_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"category" text NOT NULL,
	"status" text DEFAULT 'Erstellt' NOT NULL,
	"completed" date,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"contact" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_nationality_countries_id_fk" FOREIGN KEY ("nationality") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_country_countries_id_fk" FOREIGN KEY ("country") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "function_assignments" ADD CONSTRAINT "function_assignments_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "function_assignments" ADD CONSTRAINT "function_assignments_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "function_assignments" ADD CONSTRAINT "function_assignments_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_group_id_role_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."role_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_trainings" ADD CONSTRAINT "member_trainings_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_trainings" ADD CONSTRAINT "member_trainings_training_id_training_definitions_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."training_definitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_trainings" ADD CONSTRAINT "member_trainings_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organisations_mother_idx" ON "organisations" USING btree ("org_mother_id");--> statement-breakpoint
CREATE INDEX "organisations_level_idx" ON "organisations" USING btree ("org_level");--> statement-breakpoint
CREATE INDEX "organisations_name_short_idx" ON "organisations" USING btree (lower("name_short"));--> statement-breakpoint
CREATE INDEX "places_org_idx" ON "places" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_email_unique" ON "members" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "members_identity_unique" ON "members" USING btree (lower("first_name"),lower("surname"),"gender","birth_date");--> statement-breakpoint
CREATE INDEX "members_surname_idx" ON "members" USING btree (lower("surname"));--> statement-breakpoint
CREATE INDEX "members_reg_nr_idx" ON "members" USING btree ("reg_nr");--> statement-breakpoint
CREATE INDEX "members_birth_date_idx" ON "members" USING btree ("birth_date");--> statement-breakpoint
CREATE INDEX "fa_member_idx" ON "function_assignments" USING btree ("member_id","role_id");--> statement-breakpoint
CREATE INDEX "fa_org_role_idx" ON "function_assignments" USING btree ("org_id","role_id","date_to");--> statement-breakpoint
CREATE INDEX "fa_role_idx" ON "function_assignments" USING btree ("role_id","date_to");--> statement-breakpoint
CREATE INDEX "roles_group_idx" ON "roles" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "member_trainings_member_idx" ON "member_trainings" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "member_trainings_training_idx" ON "member_trainings" USING btree ("training_id");--> statement-breakpoint
CREATE INDEX "login_failures_key_idx" ON "login_failures" USING btree ("email","client","failed_at");--> statement-breakpoint
CREATE INDEX "prt_member_idx" ON "password_reset_tokens" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "uploaded_files_owner_idx" ON "uploaded_files" USING btree ("owner_type","owner_id");--> statement-breakpoint
CREATE INDEX "orders_org_idx" ON "orders" USING btree ("org_id","category");