CREATE TABLE "tournament_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"params" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tournaments" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"name" text NOT NULL,
	"start" date NOT NULL,
	"end" date NOT NULL,
	"open_from" date NOT NULL,
	"open_to" date NOT NULL,
	"approved" boolean,
	"order_status" text,
	"order_id" integer,
	"params" jsonb NOT NULL,
	"original" jsonb NOT NULL,
	"comments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournaments_dates_check" CHECK ("tournaments"."end" >= "tournaments"."start")
);
--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_type_id_tournament_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."tournament_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tournaments_org_idx" ON "tournaments" USING btree ("org_id","start");--> statement-breakpoint
CREATE INDEX "tournaments_start_idx" ON "tournaments" USING btree ("start");