-- Custom SQL migration file, put your code below! --
-- hand-written below
-- Decision 0064: every process keeps the inbox's first page of live rooms for a moment (issue 19 goal 2).
-- A trigger tells every process, at commit and whoever wrote, which client's live rooms changed, on the
-- channel `sapa_room_changes`: the client id, or `*` when the table was truncated. A change that touches
-- only closed rooms (history) does not reach the live list, so it is not told.
CREATE OR REPLACE FUNCTION sapa_notify_live_room_change() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('sapa_room_changes', '*');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('sapa_room_changes', OLD.client_id::text);
  ELSE
    PERFORM pg_notify('sapa_room_changes', NEW.client_id::text);
    IF TG_OP = 'UPDATE' AND OLD.client_id IS DISTINCT FROM NEW.client_id THEN
      PERFORM pg_notify('sapa_room_changes', OLD.client_id::text);
    END IF;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER cs_rooms_insert_notify_live_change AFTER INSERT ON cs_rooms
  FOR EACH ROW WHEN (NEW.status <> 'closed') EXECUTE FUNCTION sapa_notify_live_room_change();
--> statement-breakpoint
CREATE TRIGGER cs_rooms_update_notify_live_change AFTER UPDATE ON cs_rooms
  FOR EACH ROW WHEN (OLD.status <> 'closed' OR NEW.status <> 'closed')
  EXECUTE FUNCTION sapa_notify_live_room_change();
--> statement-breakpoint
CREATE TRIGGER cs_rooms_delete_notify_live_change AFTER DELETE ON cs_rooms
  FOR EACH ROW WHEN (OLD.status <> 'closed') EXECUTE FUNCTION sapa_notify_live_room_change();
--> statement-breakpoint
CREATE TRIGGER cs_rooms_truncate_notify_live_change AFTER TRUNCATE ON cs_rooms
  FOR EACH STATEMENT EXECUTE FUNCTION sapa_notify_live_room_change();
