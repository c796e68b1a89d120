-- Custom SQL migration file, put your code below! --
-- hand-written below
-- Decision 0073: a new conversation takes the client's routing lock and reads the configuration and the
-- agents who may take it in ONE round trip. Under READ COMMITTED a statement's snapshot is taken before
-- it waits for a lock, so the agents' open rooms cannot be read in the locking statement itself; a
-- volatile function's statements each take a fresh snapshot, so the read after PERFORM sees every room
-- committed before the lock was granted. The agents' columns and conditions are those of
-- `listOnlineAgentsWithSchedules` (routing.repository.ts): keep the two alike.
CREATE OR REPLACE FUNCTION sapa_lock_routing_read_agents(p_client_id uuid, p_lock_key text, p_stale_seconds integer)
RETURNS TABLE (config jsonb, default_bot_id text, agents json) AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(p_lock_key, 0));
  RETURN QUERY
  SELECT saved.config, saved.default_bot_id, coalesce((
    SELECT json_agg(json_build_object(
      'id', g.id, 'tags', g.tags, 'percentageWeight', g.percentage_weight, 'capacity', g.capacity,
      'assignedCount', g.assigned_count, 'lastAssignedAt', g.last_assigned_at,
      'openRooms', (SELECT count(*)::int FROM cs_rooms r
        WHERE r.client_id = p_client_id AND r.cs_id = g.id AND r.status = 'open'),
      -- The agent's own switched-on schedule wins over the business hours.
      'schedule', (SELECT json_build_object('timezone', a.timezone, 'periods', a.periods,
          'holidays', a.holidays, 'enabled', a.enabled)
        FROM cs_availability a WHERE a.client_id = p_client_id AND a.enabled
          AND a.scope_key IN (g.id::text, 'business')
        ORDER BY a.scope_key = 'business' LIMIT 1)))
    FROM cs_agents g
    WHERE g.client_id = p_client_id AND g.kind = 'cs' AND g.status = 'online' AND NOT g.deactivated
      AND NOT g.deleted
      AND EXISTS (SELECT 1 FROM cs_agent_connections k WHERE k.client_id = g.client_id AND k.cs_id = g.id
        AND k.sockets > 0 AND k.seen_at > now() - make_interval(secs => p_stale_seconds))), '[]'::json)
  FROM (SELECT 1) AS one
  LEFT JOIN cs_configurations saved ON saved.client_id = p_client_id;
END;
$$ LANGUAGE plpgsql VOLATILE;
