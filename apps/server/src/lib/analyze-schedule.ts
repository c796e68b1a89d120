/**
 * Statistics for tables a process fills fast (decision 0070). The set statements of a campaign's
 * dispatch (a chunk's ledger rows, attempts and notifications joined to JSON rows by id) are planned
 * from the tables' statistics; a table that has none (just created, filled faster than autovacuum's
 * minute, or a server where autovacuum is off, as on the benchmark machine) is estimated at 0.5 % of
 * its rows per client, so the planner reads the client's whole range of an index once per statement
 * instead of one index probe per row: quadratic in the batch. `wrote(n)` counts rows written and runs
 * `analyze` (in the background, one at a time) once `firstAfter` rows are written, then each time the
 * count doubles: a few runs per process, each a fixed sample whatever the table's size.
 */
export function createAnalyzeSchedule(
  analyze: () => Promise<unknown>,
  log: { warn(object: object, message: string): void },
  firstAfter = 5_000,
) {
  let written = 0;
  let next = firstAfter;
  let running: Promise<void> | null = null;
  return {
    wrote(count: number) {
      written += count;
      if (written < next || running) return;
      next = written * 2;
      running = analyze()
        .then(
          () => undefined,
          (error: unknown) => log.warn({ err: error }, 'could not analyze the dispatch tables'),
        )
        .finally(() => {
          running = null;
        });
    },
    /** Waits for a run under way (tests, shutdown). */
    async settle() {
      await running;
    },
  };
}
