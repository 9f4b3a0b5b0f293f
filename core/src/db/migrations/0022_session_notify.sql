-- The session cache of each server process (server/src/http/session-cache.ts) forgets a user's
-- entries on any committed change of the user or of their sessions, whatever path made it: a
-- role, a disabled or deleted account, a password or API token, a revoked or rotated session.
-- NOTIFY is delivered at commit; the payload is the user's id.
CREATE OR REPLACE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_TABLE_NAME = 'users' THEN
		PERFORM pg_notify('aircloud_sessions', OLD.id);
	ELSE
		PERFORM pg_notify('aircloud_sessions', OLD.user_id);
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER users_session_notify AFTER UPDATE OR DELETE ON "users"
	FOR EACH ROW EXECUTE FUNCTION notify_session_change();--> statement-breakpoint
CREATE TRIGGER refresh_tokens_session_notify AFTER UPDATE OR DELETE ON "refresh_tokens"
	FOR EACH ROW EXECUTE FUNCTION notify_session_change();
