-- Custom SQL migration file, put your code below! --
-- hand-written below
-- Decision 0082: the routing statement can be the transaction's last, with the COMMIT written behind it
-- (p_commit). It then cannot leave work for the server: where 0045's function answered 'unknown agent'
-- or published nothing (an agent other than the server's expected one), it raises SQLSTATE SP001, the
-- COMMIT behind it rolls the transaction back, and the server runs the arrival again the ordinary way.
-- Otherwise the body is 0045's.
DROP FUNCTION sapa_open_routed_room(uuid, text, integer, boolean, text, uuid, uuid[], uuid[], uuid, jsonb,
  jsonb, text, integer);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sapa_open_routed_room(
  p_client_id uuid, p_lock_key text, p_stale_seconds integer, p_decide boolean, p_strategy text,
  p_preferred uuid, p_known uuid[], p_off_schedule uuid[], p_expected_cs uuid, p_room jsonb,
  p_events jsonb, p_channel text, p_max_inline integer, p_commit boolean)
RETURNS TABLE (outcome text, short_id integer, cs_id uuid, reason text, published boolean) AS $$
DECLARE
  v_agents jsonb;
  v_cs uuid := NULL;
  v_reason text := p_room->>'assignment_reason';
  v_short integer;
  v_count integer;
  v_seq bigint;
  v_events jsonb;
  v_pick record;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(p_lock_key, 0));
  IF p_decide THEN
    -- A statement of its own after the lock: its snapshot sees every room committed before the grant.
    SELECT coalesce(jsonb_agg(jsonb_build_object(
        'id', g.id, 'w', g.percentage_weight, 'cap', g.capacity, 'ac', g.assigned_count,
        'la', g.last_assigned_at,
        'open', (SELECT count(*)::int FROM cs_rooms r
          WHERE r.client_id = p_client_id AND r.cs_id = g.id AND r.status = 'open'))), '[]'::jsonb)
      INTO v_agents
      FROM cs_agents g
      WHERE g.client_id = p_client_id AND g.kind = 'cs' AND g.status = 'online' AND NOT g.deactivated
        AND NOT g.deleted
        AND EXISTS (SELECT 1 FROM cs_agent_connections k WHERE k.client_id = g.client_id AND k.cs_id = g.id
          AND k.sockets > 0 AND k.seen_at > now() - make_interval(secs => p_stale_seconds));
    IF EXISTS (SELECT 1 FROM jsonb_array_elements(v_agents) e
        WHERE NOT (e->>'id')::uuid = ANY (p_known)) THEN
      IF p_commit THEN
        RAISE EXCEPTION 'routing changed: an agent the server did not read is online'
          USING ERRCODE = 'SP001';
      END IF;
      RETURN QUERY SELECT 'unknown agent'::text, NULL::integer, NULL::uuid, NULL::text, false;
      RETURN;
    END IF;
    -- chooseAssignmentAmong + chooseAgent, a new room having no tags.
    IF jsonb_array_length(v_agents) > 0 AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(v_agents) e
        WHERE NOT (e->>'id')::uuid = ANY (p_off_schedule)) THEN
      v_reason := 'queued: no online agent is inside their schedule';
    ELSE
      SELECT (e->>'id')::uuid AS id, (e->>'w')::integer AS w, (e->>'cap')::integer AS cap,
          (e->>'ac')::integer AS ac, (e->>'open')::integer AS open,
          floor(extract(epoch FROM (e->>'la')::timestamptz) * 1000) AS la, i,
          count(*) OVER () AS free_count, count(*) FILTER (WHERE (e->>'w')::integer > 0) OVER () AS weighted_count
        INTO v_pick
        FROM jsonb_array_elements(v_agents) WITH ORDINALITY AS t(e, i)
        WHERE NOT (e->>'id')::uuid = ANY (p_off_schedule) AND (e->>'open')::integer < (e->>'cap')::integer
        ORDER BY
          (e->>'id')::uuid IS NOT DISTINCT FROM p_preferred DESC,
          CASE WHEN p_strategy = 'leastBusy' THEN (e->>'open')::integer END,
          CASE WHEN p_strategy = 'leastBusy' THEN (e->>'ac')::integer END,
          CASE WHEN p_strategy = 'roundRobin'
            THEN coalesce(floor(extract(epoch FROM (e->>'la')::timestamptz) * 1000), -1) END,
          CASE WHEN p_strategy NOT IN ('leastBusy', 'roundRobin') THEN (e->>'w')::integer > 0 END DESC,
          CASE WHEN p_strategy NOT IN ('leastBusy', 'roundRobin') AND (e->>'w')::integer > 0
            THEN ((e->>'ac')::integer + 1)::float8 / (e->>'w')::integer::float8 END,
          CASE WHEN p_strategy NOT IN ('leastBusy', 'roundRobin') THEN (e->>'open')::integer END,
          -- roundRobin and weighted break ties by id; leastBusy keeps the agents' order (a stable sort).
          CASE WHEN p_strategy <> 'leastBusy' THEN e->>'id' END COLLATE "C",
          i
        LIMIT 1;
      IF jsonb_array_length(v_agents) = 0 THEN
        v_reason := 'queued: no agent is online';
      ELSIF v_pick.id IS NULL THEN
        v_reason := 'queued: every matching agent is at capacity';
      ELSIF v_pick.id IS NOT DISTINCT FROM p_preferred THEN
        v_cs := v_pick.id;
        v_reason := 'assigned: the customer’s own agent';
      ELSIF p_strategy = 'leastBusy' THEN
        v_cs := v_pick.id;
        v_reason := format('assigned: least busy (%s/%s open rooms)', v_pick.open, v_pick.cap);
      ELSIF p_strategy = 'roundRobin' THEN
        v_cs := v_pick.id;
        v_reason := format('assigned: round robin (%s/%s open rooms)', v_pick.open, v_pick.cap);
      ELSIF v_pick.weighted_count = 0 THEN
        v_reason := 'queued: every matching agent has weight 0';
      ELSE
        v_cs := v_pick.id;
        v_reason := format('assigned: weighted (weight %s, %s/%s open rooms)', v_pick.w, v_pick.open, v_pick.cap);
      END IF;
    END IF;
  END IF;
  -- Ending the transaction, the events must be the server's: nothing numbered or counted otherwise.
  IF p_commit AND (p_events IS NULL OR v_cs IS DISTINCT FROM p_expected_cs) THEN
    RAISE EXCEPTION 'routing changed: the room goes to another agent than the server expected'
      USING ERRCODE = 'SP001';
  END IF;
  -- Numbered as `insertNumberedRoom` numbers: the counter row, held to commit.
  INSERT INTO cs_room_counters AS c (client_id, last_short_id) VALUES (p_client_id, 1)
    ON CONFLICT (client_id) DO UPDATE SET last_short_id = c.last_short_id + 1
    RETURNING c.last_short_id INTO v_short;
  IF v_cs IS NOT NULL THEN
    UPDATE cs_agents SET assigned_count = assigned_count + 1 WHERE client_id = p_client_id AND id = v_cs;
  END IF;
  INSERT INTO cs_rooms SELECT * FROM jsonb_populate_record(NULL::cs_rooms, p_room || jsonb_build_object(
    'client_id', p_client_id, 'short_id', v_short, 'cs_id', v_cs, 'assignment_reason', v_reason,
    'status', CASE WHEN v_cs IS NULL THEN 'queued' ELSE 'open' END,
    'assigned_at', CASE WHEN v_cs IS NULL THEN NULL ELSE p_room->'assigned_at' END));
  IF p_events IS NULL OR v_cs IS DISTINCT FROM p_expected_cs THEN
    RETURN QUERY SELECT 'opened'::text, v_short, v_cs, v_reason, false;
    RETURN;
  END IF;
  -- The events with the room's number and reason, published as `insertEventsAndNotify` publishes
  -- (realtime.repository.ts: keep the two alike): the client's sequence row, held to commit.
  SELECT jsonb_agg(CASE WHEN x->'p'->>'typeNotif' = 'ROOM_ASSIGNED'
      THEN jsonb_set(x, '{p,data,reason}', to_jsonb(v_reason)) ELSE x END ORDER BY i)
    INTO v_events
    FROM (SELECT CASE WHEN jsonb_typeof(e->'p'->'chatroom') = 'object' AND e->'p'->'chatroom'->>'id' = p_room->>'id'
        THEN jsonb_set(jsonb_set(e, '{p,chatroom,shortId}', to_jsonb(v_short)),
          '{p,chatroom,assignmentReason}', to_jsonb(v_reason))
        ELSE e END AS x, i
      FROM jsonb_array_elements(p_events) WITH ORDINALITY AS t(e, i)) AS patched;
  v_count := jsonb_array_length(v_events);
  INSERT INTO realtime_counters AS rc (client_id, seq) VALUES (p_client_id, v_count)
    ON CONFLICT (client_id) DO UPDATE SET seq = rc.seq + v_count
    RETURNING rc.seq INTO v_seq;
  INSERT INTO realtime_events (client_id, seq, audience, payload)
    SELECT p_client_id, v_seq - v_count + i, e->'a', e->'p'
    FROM jsonb_array_elements(v_events) WITH ORDINALITY AS t(e, i);
  PERFORM pg_notify(p_channel, '{"c":"' || p_client_id::text || '","s":' || (v_seq - v_count + i)::text
      || CASE WHEN octet_length(inline) <= p_max_inline THEN ',"e":' || inline ELSE '' END || '}')
    FROM (SELECT i, jsonb_build_object('audience', e->'a', 'payload', e->'p')::text AS inline
      FROM jsonb_array_elements(v_events) WITH ORDINALITY AS t(e, i) ORDER BY i) AS items;
  RETURN QUERY SELECT 'opened'::text, v_short, v_cs, v_reason, true;
END;
$$ LANGUAGE plpgsql VOLATILE;
