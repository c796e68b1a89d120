import { describe, expect, it } from 'vitest';
import { createAnalyzeSchedule } from './analyze-schedule.js';

describe('analyze schedule (decision 0070)', () => {
  it('analyzes once the first rows are written, then each time the count doubles, one run at a time', async () => {
    let runs = 0;
    let finish: () => void = () => {};
    const schedule = createAnalyzeSchedule(
      () =>
        new Promise<void>((resolve) => {
          runs += 1;
          finish = resolve;
        }),
      { warn: () => {} },
      1_000,
    );
    schedule.wrote(999);
    expect(runs).toBe(0);
    schedule.wrote(1);
    expect(runs).toBe(1);
    // A run under way: more rows start none.
    schedule.wrote(5_000);
    expect(runs).toBe(1);
    finish();
    await schedule.settle();
    // The next one came due at 2,000 rows (6,000 now): it runs on the next write, then waits for twice
    // the rows written by then (12,002).
    schedule.wrote(1);
    expect(runs).toBe(2);
    finish();
    await schedule.settle();
    schedule.wrote(5_000);
    expect(runs).toBe(2);
    schedule.wrote(1_000);
    expect(runs).toBe(2);
    schedule.wrote(1);
    expect(runs).toBe(3);
    finish();
    await schedule.settle();
  });

  it('logs a failed run and keeps counting', async () => {
    const warnings: string[] = [];
    let runs = 0;
    const schedule = createAnalyzeSchedule(
      async () => {
        runs += 1;
        throw new Error('no permission');
      },
      { warn: (_object, message) => warnings.push(message) },
      10,
    );
    schedule.wrote(10);
    await schedule.settle();
    expect(warnings).toEqual(['could not analyze the dispatch tables']);
    schedule.wrote(10);
    expect(runs).toBe(2);
    await schedule.settle();
  });
});
