-- Issue 28 item 2: every instance's session cache (http/session-cache.ts) forgets a writer whose
-- session or user row changed. The notice is sent by PostgreSQL when the change commits, in the
-- change's own transaction: whatever made it (better-auth, our routes, a cascade from a deleted
-- account, an operator's SQL), no commit can happen without it and no notice without the commit.
-- The payload is the writer's id only. Users: only the columns a cached session carries.
CREATE FUNCTION "session_cache_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('inkwell_sessions', OLD.id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "session_cache_session_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('inkwell_sessions', OLD.user_id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_session_cache" AFTER UPDATE OF email, email_verified, name, alias, time_zone, suspended_at, suspended_until, suspension_reason OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "session_cache_user_changed"();
--> statement-breakpoint
CREATE TRIGGER "session_session_cache" AFTER UPDATE OR DELETE ON "session"
  FOR EACH ROW EXECUTE FUNCTION "session_cache_session_changed"();
