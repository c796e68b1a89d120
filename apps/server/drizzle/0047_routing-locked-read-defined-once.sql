-- Custom SQL migration file, put your code below! --
-- hand-written below
-- 0043's locked read (decision 0073) and 0045's unlocked one (decision 0077) were the same query written
-- twice. The locked read is now the lock, then the unlocked read: the RETURN QUERY is a new statement of a
-- volatile function, so its snapshot is taken after the lock is granted and it sees every room committed
-- before (the STABLE function runs in that snapshot). One definition of who may take a new room.
CREATE OR REPLACE FUNCTION sapa_lock_routing_read_agents(p_client_id uuid, p_lock_key text, p_stale_seconds integer)
RETURNS TABLE (config jsonb, default_bot_id text, agents json) AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(p_lock_key, 0));
  RETURN QUERY SELECT r.config, r.default_bot_id, r.agents
    FROM sapa_routing_read_agents(p_client_id, p_stale_seconds) AS r;
END;
$$ LANGUAGE plpgsql VOLATILE;
