-- Issue 15 item 5: the one shared "deleted writer" account that pieces kept as Anonymous after an
-- account deletion belong to (src/server/db/deleted-writer.ts names it). Never verified, no
-- account row (no password: it can never sign in), an address under the reserved .invalid TLD.
INSERT INTO "users" ("id", "email", "email_verified", "name", "time_zone")
VALUES ('de1e7ed0-0000-4000-8000-000000000000', 'deleted-writer@inkwell.invalid', false, 'Anonymous', 'UTC')
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The audit log stays append-only, with one exception: a deleted writer's id (as the admin who
-- acted or as the writer acted upon) may be replaced by the deleted writer's, every other column
-- unchanged, so the record of what was done outlives the person without naming them.
CREATE OR REPLACE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND NEW.id = OLD.id AND NEW.action = OLD.action AND NEW.created_at = OLD.created_at
     AND NEW.item_kind IS NOT DISTINCT FROM OLD.item_kind AND NEW.item_id IS NOT DISTINCT FROM OLD.item_id
     AND NEW.reason IS NOT DISTINCT FROM OLD.reason
     AND (NEW.admin_id = OLD.admin_id OR NEW.admin_id = 'de1e7ed0-0000-4000-8000-000000000000')
     AND (NEW.subject_writer_id IS NOT DISTINCT FROM OLD.subject_writer_id OR NEW.subject_writer_id = 'de1e7ed0-0000-4000-8000-000000000000')
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;
