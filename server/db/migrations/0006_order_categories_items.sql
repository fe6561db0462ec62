CREATE TABLE "order_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"cat" text NOT NULL,
	"group" text NOT NULL,
	"year" integer,
	"price_cents" integer,
	"net_price_cents" integer,
	"member_net_price_cents" integer,
	"weight_grams" numeric(9, 2),
	"age_bands" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_categories_cat_unique" UNIQUE("cat"),
	CONSTRAINT "order_categories_group_check" CHECK ("order_categories"."group" in ('JAHRESLIZENZ', 'ABZEICHEN', 'KLEIDUNG', 'MEETING', 'GUTSCHEIN')),
	CONSTRAINT "order_categories_year_check" CHECK ("order_categories"."year" is null or "order_categories"."year" between 1000 and 9999),
	CONSTRAINT "order_categories_money_check" CHECK (coalesce("order_categories"."price_cents", 0) >= 0 and coalesce("order_categories"."net_price_cents", 0) >= 0 and coalesce("order_categories"."member_net_price_cents", 0) >= 0 and coalesce("order_categories"."weight_grams", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"category" text NOT NULL,
	"order_canceled" boolean DEFAULT false NOT NULL,
	"member_id" integer,
	"print" boolean DEFAULT false NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"print_cents" integer DEFAULT 0 NOT NULL,
	"label" text,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_items_money_check" CHECK ("order_items"."price_cents" >= 0 and "order_items"."print_cents" >= 0),
	CONSTRAINT "order_items_print_check" CHECK ("order_items"."print" or "order_items"."print_cents" = 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "canceled" boolean GENERATED ALWAYS AS (status = 'canceled') STORED NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "total_cents" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "comments" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
-- Orders written before this migration kept their total in euros in summary.price.
UPDATE "orders" SET "total_cents" = round(("summary"->>'price')::numeric * 100) WHERE jsonb_typeof("summary"->'price') = 'number';
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_item_key" UNIQUE("id","category","canceled");
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_check" CHECK ("orders"."total_cents" >= 0);
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_fk" FOREIGN KEY ("order_id","category","order_canceled") REFERENCES "public"."orders"("id","category","canceled") ON DELETE cascade ON UPDATE cascade;
--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_one_per_person" ON "order_items" USING btree ("member_id","category") WHERE "order_items"."member_id" is not null and not "order_items"."order_canceled";
--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_club_fee" ON "orders" USING btree ("org_id","category") WHERE "orders"."category" like 'VEREINSBEITRAG%' and not "orders"."canceled";