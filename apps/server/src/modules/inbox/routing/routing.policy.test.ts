import { describe, expect, it } from 'vitest';
import { type Candidate, chooseAgent } from './routing.policy.js';

const agent = (id: string, overrides: Partial<Candidate> = {}): Candidate => ({
  id,
  tags: [],
  percentageWeight: 50,
  capacity: 10_000,
  assignedCount: 0,
  openRooms: 0,
  lastAssignedAt: null,
  ...overrides,
});

/** Runs `rooms` assignments the way the service does: each choice raises that agent's counts. */
function simulate(agents: Candidate[], rooms: number, room = { tags: [] as string[], preferredCsId: null }) {
  const counts = new Map(agents.map((a) => [a.id, 0]));
  for (let i = 0; i < rooms; i++) {
    const choice = chooseAgent(agents, room, 'weighted');
    if (!choice.csId) break;
    const chosen = agents.find((a) => a.id === choice.csId)!;
    chosen.assignedCount++;
    chosen.openRooms++;
    counts.set(chosen.id, counts.get(chosen.id)! + 1);
  }
  return counts;
}

describe('routing policy', () => {
  it('shares many assignments by percentageWeight within a few percent', () => {
    const counts = simulate(
      [
        agent('a', { percentageWeight: 60 }),
        agent('b', { percentageWeight: 30 }),
        agent('c', { percentageWeight: 10 }),
      ],
      3000,
    );
    expect(counts.get('a')! / 3000).toBeCloseTo(0.6, 1);
    expect(Math.abs(counts.get('a')! / 3000 - 0.6)).toBeLessThan(0.02);
    expect(Math.abs(counts.get('b')! / 3000 - 0.3)).toBeLessThan(0.02);
    expect(Math.abs(counts.get('c')! / 3000 - 0.1)).toBeLessThan(0.02);
  });

  it('never goes past an agent’s capacity, and queues when everyone is full', () => {
    const agents = [
      agent('a', { capacity: 2, percentageWeight: 90 }),
      agent('b', { capacity: 3, percentageWeight: 10 }),
    ];
    const counts = simulate(agents, 10);
    expect(Object.fromEntries(counts)).toEqual({ a: 2, b: 3 });
    expect(chooseAgent(agents, { tags: [], preferredCsId: null }, 'weighted')).toEqual({
      csId: null,
      reason: 'queued: every matching agent is at capacity',
    });
  });

  it('only considers agents with one of the room’s tags', () => {
    const agents = [agent('a', { tags: ['sales'] }), agent('b', { tags: ['billing'] })];
    expect(chooseAgent(agents, { tags: ['billing'], preferredCsId: null }, 'weighted').csId).toBe('b');
    expect(chooseAgent(agents, { tags: ['legal'], preferredCsId: null }, 'weighted')).toEqual({
      csId: null,
      reason: 'queued: no online agent has tag legal',
    });
  });

  it('prefers the customer’s own agent when they have room, and the least busy under that strategy', () => {
    const agents = [agent('a', { openRooms: 4 }), agent('b', { openRooms: 1 })];
    expect(chooseAgent(agents, { tags: [], preferredCsId: 'a' }, 'weighted')).toEqual({
      csId: 'a',
      reason: 'assigned: the customer’s own agent',
    });
    expect(chooseAgent(agents, { tags: [], preferredCsId: null }, 'leastBusy').csId).toBe('b');
    expect(chooseAgent([], { tags: [], preferredCsId: null }, 'weighted').reason).toBe(
      'queued: no agent is online',
    );
  });

  it('takes turns under round robin: never-served agents first, then whoever was served longest ago', () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 30, 3, minute));
    const agents = [
      agent('a', { lastAssignedAt: at(5) }),
      agent('b', { lastAssignedAt: at(1) }),
      agent('c', { lastAssignedAt: null }),
    ];
    const room = { tags: [] as string[], preferredCsId: null };
    const order: (string | null)[] = [];
    let minute = 10;
    for (let i = 0; i < 6; i++) {
      const choice = chooseAgent(agents, room, 'roundRobin');
      order.push(choice.csId);
      const chosen = agents.find((a) => a.id === choice.csId)!;
      chosen.lastAssignedAt = at(minute++);
    }
    expect(order).toEqual(['c', 'b', 'a', 'c', 'b', 'a']);
    // Weights do not matter to round robin, capacity does.
    agents[2]!.openRooms = agents[2]!.capacity;
    expect(chooseAgent(agents, room, 'roundRobin')).toMatchObject({ csId: 'b' });
    expect(chooseAgent(agents, room, 'roundRobin').reason).toMatch(/^assigned: round robin/);
  });
});
