CREATE TABLE "message_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer,
	"notification_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"medium" text NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"idempotency_key" uuid DEFAULT gen_random_uuid() NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"claimed_by" text,
	"target" text,
	"last_error" text,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_deliveries_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "message_deliveries_once" UNIQUE("message_id","member_id","medium","round"),
	CONSTRAINT "message_deliveries_medium_check" CHECK ("message_deliveries"."medium" in ('email', 'push')),
	CONSTRAINT "message_deliveries_state_check" CHECK ("message_deliveries"."state" in ('pending', 'sending', 'sent', 'failed', 'no_address', 'no_subscription'))
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"created_by" integer,
	"title" text NOT NULL,
	"abstract" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"lang" text DEFAULT 'de' NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"media" text[] DEFAULT '{}'::text[] NOT NULL,
	"roles" integer[] DEFAULT '{}'::int[] NOT NULL,
	"organisations" integer[] DEFAULT '{}'::int[] NOT NULL,
	"events" integer[] DEFAULT '{}'::int[] NOT NULL,
	"reply_to" text,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_lang_check" CHECK ("messages"."lang" in ('de', 'en'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"message_id" integer,
	"org_id" integer NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"sort_name" text DEFAULT '' NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_message_member" UNIQUE("message_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_created_by_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_deliveries_due_idx" ON "message_deliveries" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "message_deliveries_notification_idx" ON "message_deliveries" USING btree ("notification_id");--> statement-breakpoint
CREATE INDEX "message_deliveries_message_state_idx" ON "message_deliveries" USING btree ("message_id","state");--> statement-breakpoint
CREATE INDEX "messages_org_idx" ON "messages" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "notifications_member_idx" ON "notifications" USING btree ("member_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_message_name_idx" ON "notifications" USING btree ("message_id","sort_name","member_id");--> statement-breakpoint
CREATE INDEX "notifications_message_read_idx" ON "notifications" USING btree ("message_id","read_at");--> statement-breakpoint
CREATE INDEX "push_subscriptions_member_idx" ON "push_subscriptions" USING btree ("member_id");