CREATE TABLE "order_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"issued_on" date NOT NULL,
	"gross_cents" integer NOT NULL,
	"net_cents" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"cancels_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "order_invoices_cancels_id_unique" UNIQUE("cancels_id"),
	CONSTRAINT "order_invoices_kind_check" CHECK (("order_invoices"."kind" = 'invoice' and "order_invoices"."cancels_id" is null and "order_invoices"."gross_cents" >= 0) or ("order_invoices"."kind" = 'cancellation' and "order_invoices"."cancels_id" is not null and "order_invoices"."gross_cents" <= 0))
);
--> statement-breakpoint
ALTER TABLE "order_invoices" ADD CONSTRAINT "order_invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_invoices" ADD CONSTRAINT "order_invoices_cancels_id_order_invoices_id_fk" FOREIGN KEY ("cancels_id") REFERENCES "public"."order_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_invoices_order_idx" ON "order_invoices" USING btree ("order_id","id");--> statement-breakpoint
-- Invoices issued before documents were stored: each becomes a stored invoice with the lines and amounts of its order.
INSERT INTO "order_invoices" ("order_id", "kind", "number", "issued_on", "gross_cents", "net_cents", "lines")
SELECT o.id, 'invoice', o.invoice_number, coalesce(o.completed, o.updated_at::date), o.total_cents,
  CASE WHEN c.price_cents > 0 AND c.net_price_cents IS NOT NULL THEN round(o.total_cents * c.net_price_cents::numeric / c.price_cents)::int ELSE o.total_cents END,
  (SELECT coalesce(jsonb_agg(jsonb_build_object(
      'text', CASE WHEN i.member_id IS NULL THEN coalesce(i.label, '')
        ELSE 'Jahreslizenz ' || coalesce(substring(o.category from '_(\d{4})$'), '') || ': ' || coalesce(m.first_name, '') || ' ' || coalesce(m.surname, '') || CASE WHEN i.print THEN ' (mit Lizenzkarte)' ELSE '' END END,
      'grossCents', i.price_cents + i.print_cents)
      ORDER BY i.member_id IS NOT NULL, m.surname, m.first_name, i.id), '[]'::jsonb)
   FROM "order_items" i LEFT JOIN "members" m ON m.id = i.member_id WHERE i.order_id = o.id)
FROM "orders" o LEFT JOIN "order_categories" c ON c.cat = o.category
WHERE o.invoice_number IS NOT NULL
ORDER BY o.invoice_number;--> statement-breakpoint
-- Those of orders refunded or sent back since are cancelled now, numbered on in this year's sequence.
WITH legacy AS (
  SELECT i.id, i.order_id, i.gross_cents, i.net_cents, i.lines, row_number() OVER (ORDER BY i.id) AS n, count(*) OVER () AS total
  FROM "order_invoices" i JOIN "orders" o ON o.id = i.order_id
  WHERE o.completed IS NULL
), counter AS (
  INSERT INTO "invoice_counters" ("year", "last")
  SELECT extract(year FROM current_date)::int, count(*) FROM legacy HAVING count(*) > 0
  ON CONFLICT ("year") DO UPDATE SET "last" = "invoice_counters"."last" + excluded."last"
  RETURNING "year", "last"
)
INSERT INTO "order_invoices" ("order_id", "kind", "number", "issued_on", "gross_cents", "net_cents", "lines", "cancels_id")
SELECT l.order_id, 'cancellation', c.year || '-' || lpad((c.last - l.total + l.n)::text, 6, '0'), current_date, -l.gross_cents, -l.net_cents,
  (SELECT coalesce(jsonb_agg(jsonb_build_object('text', x.e->>'text', 'grossCents', -((x.e->>'grossCents')::int)) ORDER BY x.ord), '[]'::jsonb)
   FROM jsonb_array_elements(l.lines) WITH ORDINALITY AS x(e, ord)),
  l.id
FROM legacy l CROSS JOIN counter c;--> statement-breakpoint
UPDATE "orders" SET "invoice_number" = NULL WHERE "completed" IS NULL AND "invoice_number" IS NOT NULL;
