-- Custom SQL migration file, put your code below! --
-- hand-written below
-- Decision 0049: every process keeps verified sessions (issue 19) as it keeps resolved API secrets
-- (decision 0031) for a moment. One trigger function tells every process, at commit and whoever wrote,
-- what changed on one channel, `sapa_access_changes`, as `kind:id`:
--   client:<client id>  a client's status, features or subscription (sessions and API secrets)
--   apiKey:<client id>  a client's API secrets (API secrets only)
--   user:<user id>      a user's status, role, chat role, agent link, name, e-mail or client
--   session:<id>        a session revoked, switched to another client or removed
-- It replaces the API-secret-only channel of decision 0031.
DROP TRIGGER IF EXISTS client_api_secrets_notify_api_key_change ON client_api_secrets;
--> statement-breakpoint
DROP TRIGGER IF EXISTS clients_notify_api_key_change ON clients;
--> statement-breakpoint
DROP TRIGGER IF EXISTS subscriptions_notify_api_key_change ON subscriptions;
--> statement-breakpoint
DROP FUNCTION IF EXISTS sapa_notify_api_key_change();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sapa_notify_access_change() RETURNS trigger AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  IF TG_TABLE_NAME = 'clients' THEN
    PERFORM pg_notify('sapa_access_changes', 'client:' || changed.id::text);
  ELSIF TG_TABLE_NAME = 'subscriptions' THEN
    PERFORM pg_notify('sapa_access_changes', 'client:' || changed.client_id::text);
  ELSIF TG_TABLE_NAME = 'client_api_secrets' THEN
    PERFORM pg_notify('sapa_access_changes', 'apiKey:' || changed.client_id::text);
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('sapa_access_changes', 'user:' || changed.id::text);
  ELSIF TG_TABLE_NAME = 'auth_sessions' THEN
    PERFORM pg_notify('sapa_access_changes', 'session:' || changed.id::text);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER client_api_secrets_notify_access_change AFTER INSERT OR UPDATE OR DELETE ON client_api_secrets
  FOR EACH ROW EXECUTE FUNCTION sapa_notify_access_change();
--> statement-breakpoint
CREATE TRIGGER clients_notify_access_change AFTER UPDATE OR DELETE ON clients
  FOR EACH ROW EXECUTE FUNCTION sapa_notify_access_change();
--> statement-breakpoint
CREATE TRIGGER subscriptions_notify_access_change AFTER INSERT OR UPDATE OR DELETE ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION sapa_notify_access_change();
--> statement-breakpoint
-- A login's bookkeeping (last login, failure counters, pauses) is not what a session carries: only
-- these columns tell.
CREATE TRIGGER users_notify_access_change AFTER UPDATE ON users
  FOR EACH ROW WHEN (
    OLD.status IS DISTINCT FROM NEW.status OR OLD.role IS DISTINCT FROM NEW.role
    OR OLD.chat_role IS DISTINCT FROM NEW.chat_role OR OLD.cs_id IS DISTINCT FROM NEW.cs_id
    OR OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email
    OR OLD.client_id IS DISTINCT FROM NEW.client_id OR OLD.password_hash IS DISTINCT FROM NEW.password_hash
  )
  EXECUTE FUNCTION sapa_notify_access_change();
--> statement-breakpoint
CREATE TRIGGER users_delete_notify_access_change AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION sapa_notify_access_change();
--> statement-breakpoint
CREATE TRIGGER auth_sessions_notify_access_change AFTER UPDATE OR DELETE ON auth_sessions
  FOR EACH ROW EXECUTE FUNCTION sapa_notify_access_change();
