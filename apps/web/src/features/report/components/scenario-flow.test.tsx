import '../report-i18n';
import type { Scenario } from '@sapa/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ScenarioFlow } from './scenario-flow';
import { layoutScenario } from './scenario-layout';

const step = (
  id: string,
  kind: Scenario['nodes'][number]['kind'],
  count: number,
  extra: Partial<Scenario['nodes'][number]> = {},
): Scenario['nodes'][number] => ({
  id,
  kind,
  count,
  channel: null,
  attemptOnChannel: null,
  outcome: null,
  ...extra,
});

const scenario: Pick<Scenario, 'nodes' | 'edges'> = {
  nodes: [
    step('upload', 'upload', 8),
    step('approval', 'approval', 5),
    step('window', 'window', 5),
    step('attempt:SMS:1', 'attempt', 4, { channel: 'SMS', attemptOnChannel: 1 }),
    step('attempt:VOICE:1', 'attempt', 2, { channel: 'VOICE', attemptOnChannel: 1 }),
    step('outcome:reached', 'outcome', 3, { outcome: 'reached' }),
    step('outcome:failed', 'outcome', 1, { outcome: 'failed' }),
  ],
  edges: [
    { id: 'upload->approval', source: 'upload', target: 'approval', kind: 'next', count: 5 },
    { id: 'window->attempt:SMS:1', source: 'window', target: 'attempt:SMS:1', kind: 'next', count: 4 },
    {
      id: 'attempt:SMS:1->attempt:VOICE:1',
      source: 'attempt:SMS:1',
      target: 'attempt:VOICE:1',
      kind: 'fallback',
      count: 2,
    },
    {
      id: 'attempt:VOICE:1->outcome:failed',
      source: 'attempt:VOICE:1',
      target: 'outcome:failed',
      kind: 'outcome',
      count: 1,
    },
  ],
};

describe('scenario diagram', () => {
  it('draws every step with how many reached it', async () => {
    renderWithProviders(<ScenarioFlow scenario={scenario} />);
    const sms = await screen.findByTestId('step-attempt:SMS:1');
    expect(sms.textContent).toContain('SMS attempt 1');
    expect(sms.textContent).toContain('4');
    expect(screen.getByTestId('step-upload').textContent).toContain('Upload8');
    expect(screen.getByTestId('step-attempt:VOICE:1').textContent).toContain('Voice attempt 12');
    expect(screen.getByTestId('step-outcome:failed').textContent).toContain('Failed1');
  });

  it('lists each edge with its kind and count beside the drawing', () => {
    renderWithProviders(<ScenarioFlow scenario={scenario} />);
    const table = screen.getByRole('table', { name: 'Steps and how many took them' });
    const fallback = within(table).getByRole('row', { name: /SMS attempt 1 Voice attempt 1 Fallback 2/ });
    expect(fallback).toBeTruthy();
    expect(within(table).getAllByRole('row')).toHaveLength(5);
  });

  it('places the flow left to right, each channel on its own row, the outcomes last', () => {
    const placed = Object.fromEntries(layoutScenario(scenario).map((node) => [node.id, [node.x, node.y]]));
    expect(placed.upload![0]).toBeLessThan(placed.approval![0]!);
    expect(placed['attempt:VOICE:1']![1]).toBeGreaterThan(placed['attempt:SMS:1']![1]!);
    expect(placed['outcome:reached']![0]).toBeGreaterThan(placed['attempt:VOICE:1']![0]!);
  });
});
