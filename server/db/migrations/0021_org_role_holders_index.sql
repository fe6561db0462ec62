DROP INDEX "fa_org_role_idx";--> statement-breakpoint
CREATE INDEX "fa_org_role_idx" ON "function_assignments" USING btree ("org_id","role_id","date_to","date_from","member_id");