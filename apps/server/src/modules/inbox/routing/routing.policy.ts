import type { RoutingStrategy } from '@sapa/contracts';

/** Pure choice of an agent for a room; the service feeds it the live loads under the routing lock. */
export type Candidate = {
  id: string;
  tags: string[];
  percentageWeight: number;
  capacity: number;
  assignedCount: number;
  openRooms: number;
  /** When this agent last received a room (null: never): round robin serves the longest-waiting first. */
  lastAssignedAt: Date | null;
};

export type Choice = { csId: string; reason: string } | { csId: null; reason: string };

export function chooseAgent(
  candidates: Candidate[],
  room: { tags: string[]; preferredCsId: string | null },
  strategy: RoutingStrategy,
): Choice {
  if (candidates.length === 0) return { csId: null, reason: 'queued: no agent is online' };
  const tagged =
    room.tags.length === 0
      ? candidates
      : candidates.filter((c) => c.tags.some((tag) => room.tags.includes(tag)));
  if (tagged.length === 0)
    return { csId: null, reason: `queued: no online agent has tag ${room.tags.join(', ')}` };
  const free = tagged.filter((c) => c.openRooms < c.capacity);
  if (free.length === 0) return { csId: null, reason: 'queued: every matching agent is at capacity' };
  const preferred = free.find((c) => c.id === room.preferredCsId);
  if (preferred) return { csId: preferred.id, reason: 'assigned: the customer’s own agent' };
  if (strategy === 'leastBusy') {
    const best = [...free].sort((a, b) => a.openRooms - b.openRooms || a.assignedCount - b.assignedCount)[0]!;
    return { csId: best.id, reason: `assigned: least busy (${best.openRooms}/${best.capacity} open rooms)` };
  }
  if (strategy === 'roundRobin') {
    // Turns in order of the last assignment: never-served agents first, then the one served longest ago.
    const best = [...free].sort(
      (a, b) =>
        (a.lastAssignedAt?.getTime() ?? -1) - (b.lastAssignedAt?.getTime() ?? -1) || (a.id < b.id ? -1 : 1),
    )[0]!;
    return { csId: best.id, reason: `assigned: round robin (${best.openRooms}/${best.capacity} open rooms)` };
  }
  const weighted = free.filter((c) => c.percentageWeight > 0);
  if (weighted.length === 0) return { csId: null, reason: 'queued: every matching agent has weight 0' };
  // Smooth weighting: the agent furthest below their share (assignments per weight) goes next.
  const best = [...weighted].sort(
    (a, b) =>
      (a.assignedCount + 1) / a.percentageWeight - (b.assignedCount + 1) / b.percentageWeight ||
      a.openRooms - b.openRooms ||
      (a.id < b.id ? -1 : 1),
  )[0]!;
  return {
    csId: best.id,
    reason: `assigned: weighted (weight ${best.percentageWeight}, ${best.openRooms}/${best.capacity} open rooms${
      room.tags.length ? `, tags ${room.tags.join(', ')}` : ''
    })`,
  };
}
