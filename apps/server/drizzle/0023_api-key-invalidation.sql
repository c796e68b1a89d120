-- Decision 0031: every process caches resolved API secrets for a few seconds; a change to what a
-- resolution reads (a client's secrets, its status and features, its subscription) notifies every
-- process at commit, whoever made it, so each drops that client's entries at once.
CREATE OR REPLACE FUNCTION sapa_notify_api_key_change() RETURNS trigger AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  IF TG_TABLE_NAME = 'clients' THEN
    PERFORM pg_notify('sapa_api_key_changes', changed.id::text);
  ELSE
    PERFORM pg_notify('sapa_api_key_changes', changed.client_id::text);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER client_api_secrets_notify_api_key_change AFTER INSERT OR UPDATE OR DELETE ON client_api_secrets
  FOR EACH ROW EXECUTE FUNCTION sapa_notify_api_key_change();
--> statement-breakpoint
CREATE TRIGGER clients_notify_api_key_change AFTER UPDATE OR DELETE ON clients
  FOR EACH ROW EXECUTE FUNCTION sapa_notify_api_key_change();
--> statement-breakpoint
CREATE TRIGGER subscriptions_notify_api_key_change AFTER INSERT OR UPDATE OR DELETE ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION sapa_notify_api_key_change();
