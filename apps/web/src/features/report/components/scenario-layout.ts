import type { Scenario } from '@sapa/contracts';

export type ScenarioNode = Scenario['nodes'][number];
export type Placed = ScenarioNode & { x: number; y: number };

const COLUMN = 220;
const ROW = 110;
const OUTCOMES = ['reached', 'failed', 'pending', 'rejected'] as const;

/**
 * Where each step stands: left to right in the order a notification takes them (upload, approval,
 * window, then each attempt of each channel of the fallback order), the outcomes in a column at the end;
 * each channel's attempts on a row of their own.
 */
export function layoutScenario(scenario: Pick<Scenario, 'nodes'>): Placed[] {
  const channels = [
    ...new Set(
      scenario.nodes.flatMap((node) => (node.kind === 'attempt' && node.channel ? [node.channel] : [])),
    ),
  ];
  const flow = { upload: 0, approval: 1, window: 2 } as const;
  const attemptColumn = (node: ScenarioNode) => {
    const row = channels.indexOf(node.channel!);
    return { x: 3 + row + (node.attemptOnChannel ?? 1) - 1, y: row };
  };
  const lastAttempt = Math.max(
    3,
    ...scenario.nodes.filter((node) => node.kind === 'attempt').map((node) => attemptColumn(node).x),
  );
  return scenario.nodes.map((node) => {
    if (node.kind === 'attempt') {
      const { x, y } = attemptColumn(node);
      return { ...node, x: x * COLUMN, y: y * ROW };
    }
    if (node.kind === 'outcome')
      return { ...node, x: (lastAttempt + 1) * COLUMN, y: OUTCOMES.indexOf(node.outcome ?? 'reached') * ROW };
    return { ...node, x: flow[node.kind] * COLUMN, y: 0 };
  });
}
