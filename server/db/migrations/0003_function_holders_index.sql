DROP INDEX "fa_role_idx";--> statement-breakpoint
CREATE INDEX "fa_role_idx" ON "function_assignments" USING btree ("role_id","date_to","date_from","member_id");