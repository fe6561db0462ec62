CREATE INDEX "order_items_granted_assignment_idx" ON "order_items" USING btree ("granted_assignment_id");--> statement-breakpoint
CREATE INDEX "order_items_member_idx" ON "order_items" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "message_deliveries_member_idx" ON "message_deliveries" USING btree ("member_id");