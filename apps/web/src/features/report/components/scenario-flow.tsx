import '@xyflow/react/dist/style.css';
import { Table, Text } from '@mantine/core';
import type { Scenario } from '@sapa/contracts';
import { Background, Controls, type Edge, MarkerType, type Node, Position, ReactFlow } from '@xyflow/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { layoutScenario, type ScenarioNode } from './scenario-layout';

const EDGE_COLORS = { next: '#228be6', retry: '#fd7e14', fallback: '#7950f2', outcome: '#868e96' } as const;
const OUTCOME_COLORS = {
  reached: '#2f9e44',
  failed: '#e03131',
  pending: '#868e96',
  rejected: '#f08c00',
} as const;

/** A step's name in the interface language: "SMS attempt 2", "Reached", "Approval". */
export function useStepLabel() {
  const { t } = useTranslation();
  return (node: Pick<ScenarioNode, 'kind' | 'channel' | 'attemptOnChannel' | 'outcome'>) => {
    if (node.kind === 'attempt')
      return t('report.scenario.attempt', {
        channel: node.channel ? t(`report.channels.${node.channel}`) : '',
        number: node.attemptOnChannel ?? 1,
      });
    if (node.kind === 'outcome') return t(`report.scenario.outcomes.${node.outcome ?? 'reached'}`);
    return t(`report.scenario.steps.${node.kind}`);
  };
}

/**
 * The campaign drawn as a flow (React Flow): each step with how many reached it, each edge with how many
 * took it; beside it the same figures as a table, for screen readers and for copying.
 */
export function ScenarioFlow({ scenario }: { scenario: Pick<Scenario, 'nodes' | 'edges'> }) {
  const { t } = useTranslation();
  const label = useStepLabel();
  const names = new Map(scenario.nodes.map((node) => [node.id, label(node)]));
  const nodes: Node[] = useMemo(
    () =>
      layoutScenario(scenario).map((node) => ({
        id: node.id,
        position: { x: node.x, y: node.y },
        data: {
          label: (
            <div data-testid={`step-${node.id}`}>
              <div style={{ fontWeight: 600 }}>{label(node)}</div>
              <div style={{ fontSize: 18 }}>{node.count.toLocaleString()}</div>
            </div>
          ),
        },
        ...(node.kind === 'upload' ? { type: 'input' } : node.kind === 'outcome' ? { type: 'output' } : {}),
        style: {
          width: 170,
          borderColor: node.kind === 'outcome' ? OUTCOME_COLORS[node.outcome ?? 'reached'] : undefined,
          borderWidth: 2,
        },
        // The flow reads left to right: edges leave a step on its right and enter the next on its left.
        sourcePosition: Position.Right,
        targetPosition: Position.Left,
        draggable: false,
        connectable: false,
      })),
    [scenario, label],
  );
  const edges: Edge[] = scenario.edges.map((edge) => ({
    id: edge.id,
    source: edge.source,
    target: edge.target,
    label: edge.count.toLocaleString(),
    animated: edge.count > 0 && edge.kind !== 'outcome',
    markerEnd: { type: MarkerType.ArrowClosed, color: EDGE_COLORS[edge.kind] },
    style: {
      stroke: EDGE_COLORS[edge.kind],
      strokeDasharray: edge.kind === 'next' ? undefined : '6 4',
      opacity: edge.count > 0 ? 1 : 0.4,
    },
  }));
  return (
    <>
      <div style={{ height: 460, border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}>
        <ReactFlow
          nodes={nodes}
          edges={edges}
          fitView
          nodesDraggable={false}
          nodesConnectable={false}
          proOptions={{ hideAttribution: true }}
          aria-label={t('report.scenario.diagram')}
        >
          <Background />
          <Controls showInteractive={false} />
        </ReactFlow>
      </div>
      <Table striped withTableBorder aria-label={t('report.scenario.edges')} mt="md">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('report.scenario.from')}</Table.Th>
            <Table.Th>{t('report.scenario.to')}</Table.Th>
            <Table.Th>{t('report.scenario.kind')}</Table.Th>
            <Table.Th ta="right">{t('report.scenario.count')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {scenario.edges.map((edge) => (
            <Table.Tr key={edge.id}>
              <Table.Td>{names.get(edge.source)}</Table.Td>
              <Table.Td>{names.get(edge.target)}</Table.Td>
              <Table.Td>
                <Text size="sm" c={EDGE_COLORS[edge.kind]}>
                  {t(`report.scenario.kinds.${edge.kind}`)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{edge.count.toLocaleString()}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
