-- Each API process may keep a signed-in caller it has read (session, member, system roles) for a
-- short while instead of reading them again on every request (server/services/caller-cache.ts).
-- What the caller statement reads is kept honest by the database itself: every statement that
-- changes one of its tables sends a notification on the channel `caller_changed`, delivered at
-- commit to every listening process, which then forgets all it keeps. A trigger, so no path that
-- writes these tables (forms, orders, imports, merges, sign-out, retention) can forget it.
-- Inserting a session or a member changes no caller already read, so those do not notify; a new
-- organisation can (a state association's clubs), so every change of organisations does.

CREATE FUNCTION "notify_caller_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('caller_changed', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_caller_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_caller_changed"();--> statement-breakpoint
CREATE TRIGGER "members_caller_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "members"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_caller_changed"();--> statement-breakpoint
CREATE TRIGGER "function_assignments_caller_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "function_assignments"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_caller_changed"();--> statement-breakpoint
CREATE TRIGGER "organisations_caller_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "organisations"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_caller_changed"();--> statement-breakpoint
CREATE TRIGGER "roles_caller_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "roles"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_caller_changed"();
