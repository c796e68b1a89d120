import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { SqlExecutor } from './database.js';

/**
 * A background job. Handlers must be idempotent: pg-boss delivers at least once, so a retried job
 * must leave the same effect as one run.
 */
export type JobDefinition<TData extends object = Record<string, never>> = {
  name: string;
  /** Cron schedule (UTC) for recurring jobs. */
  cron?: string;
  retryLimit?: number;
  /**
   * Jobs fetched at a time (default 1). A worker fetches again at once after a full batch, so a queue of
   * many small, repeatable jobs (delivery statuses) drains in batches of this size.
   */
  batchSize?: number;
  handler: (data: TData) => Promise<void>;
};

export type Jobs = {
  /** Creates the queues and schedules, and with `work` starts handling them in this process. */
  start(options: { work: boolean }): Promise<void>;
  send<TData extends object>(name: string, data: TData, options?: PgBoss.SendOptions): Promise<string | null>;
  /**
   * Wakes this process's workers of a queue now instead of at their next poll (pg-boss
   * `notifyWorker`): for a job sent after the commit of what it reads (decision 0044). A process
   * that does not work the queue does nothing; the queue's workers elsewhere still poll.
   */
  wake(name: string): void;
  /** Waits for in-flight handlers, then stops. */
  stop(): Promise<void>;
  /** True from `start` until the queues are created and the workers started (`/readyz` says so). */
  readonly starting: boolean;
  boss: PgBoss;
};

export type JobsOptions = {
  /**
   * How often this process looks for jobs to start, in seconds (default 2); tests lengthen it. One
   * statement for every queue it works, which then wakes the workers of the queues that have some.
   */
  pollingIntervalSeconds?: number;
};

/**
 * Each worker's own poll, a fallback behind the shared one (issue 19): ~50 workers polling every 2 s
 * were 25 statements a second on an idle server, each holding PGlite's single connection.
 */
const WORKER_FALLBACK_POLL_SECONDS = 60;

/** The queues that have a job ready to start now (pg-boss's own fetch condition, every queue at once). */
const READY_QUEUES_SQL = `select name from pgboss.job where state < 'active' and start_after < now() group by name`;

/**
 * Lets the event loop take pending I/O (an HTTP request) before the next statement. PGlite runs its
 * statements on the main thread, and one queued behind another starts in a microtask, so the workers'
 * first fetches (~50) ran back to back with no request answered between them: `/healthz` waited
 * 1-3 s after listening (issue 19 goal 4).
 */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

const EVERY_MINUTE = '* * * * *';
/**
 * pg-boss 10's queue of due cron jobs (`Timekeeper.QUEUES.SEND_IT`): its timekeeper puts one job per
 * schedule and minute there (`singletonKey` the schedule's name, `singletonSeconds` 60), and its own
 * worker then sends the scheduled job.
 */
const CRON_DUE_QUEUE = '__pgboss__send-it';

/** How long a stop waits for the jobs being handled. */
const STOP_TIMEOUT_MS = 20_000;

export function createJobs(
  sql: SqlExecutor,
  definitions: JobDefinition<never>[],
  log: Logger,
  options: JobsOptions = {},
): Jobs {
  let startingNow = false;
  /**
   * True while the workers are being started: pg-boss's statements then let waiting requests through
   * first. Not before the queues and schedules exist: pg-boss's timekeeper queues its first cron check
   * with `setImmediate` at its start, and that check must find the schedules. A yield before they
   * exist ran it first (on a fresh database), it found no schedule and stamped the cron clock, and
   * the next check came 30 s later: the campaign dispatcher's first run, and a self-service send
   * right after start, waited ~35 s (decision 0069, withdrawn; decision 0076).
   */
  let yielding = false;
  /**
   * The statements made while yielding, one after another: each waits for the previous one to end and
   * then for one turn of the event loop. Yielding each on its own would not do on a warm start: the
   * ~50 first fetches are made at once, so their `setImmediate`s would all run in one turn and the
   * statements back to back again.
   */
  let turn: Promise<unknown> = Promise.resolve();
  const bossSql: SqlExecutor = {
    executeSql(text, values) {
      if (!yielding) return sql.executeSql(text, values);
      const result = turn.then(yieldToRequests).then(() => sql.executeSql(text, values));
      turn = result.catch(() => undefined);
      return result;
    },
  };
  const boss = new PgBoss({
    db: bossSql as PgBoss.Db,
    schema: 'pgboss',
    // Maintenance and monitoring every few minutes keep the single PGlite connection mostly free.
    maintenanceIntervalSeconds: 300,
    monitorStateIntervalSeconds: 300,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  let started = false;
  /** This process's worker ids per queue. */
  const workers = new Map<string, string[]>();

  /** Job batches being handled in this process. */
  let handling = 0;
  const pollSeconds = options.pollingIntervalSeconds ?? 2;
  let poller: NodeJS.Timeout | null = null;
  let polling = false;
  /** One statement for all queues; wakes this process's workers of those with a job to start. */
  const poll = async () => {
    if (polling || !started) return;
    polling = true;
    try {
      const { rows } = await sql.executeSql(READY_QUEUES_SQL);
      if (!started) return;
      for (const row of rows as { name: string }[]) {
        for (const workerId of workers.get(row.name) ?? []) boss.notifyWorker(workerId);
      }
    } catch (error) {
      log.warn({ err: error }, 'job queue poll failed');
    } finally {
      polling = false;
    }
  };
  /** One worker per queue; each makes its first fetch at once. */
  const startWorkers = async () => {
    for (const definition of definitions) {
      const workOptions = {
        pollingIntervalSeconds: Math.max(pollSeconds, WORKER_FALLBACK_POLL_SECONDS),
        batchSize: definition.batchSize ?? 1,
      };
      let workerId = '';
      workerId = await boss.work<object>(definition.name, workOptions, async (jobs) => {
        handling++;
        try {
          for (const job of jobs) {
            log.info({ job: definition.name, jobId: job.id }, 'job started');
            await definition.handler(job.data as never);
            log.info({ job: definition.name, jobId: job.id }, 'job done');
          }
        } finally {
          handling--;
          // A full batch means more may be waiting: pg-boss's worker would otherwise sleep until the
          // next poll after every batch, so a backlog drained one batch per poll (every 2 s).
          if (jobs.length >= workOptions.batchSize && started) boss.notifyWorker(workerId);
        }
      });
      workers.set(definition.name, [...(workers.get(definition.name) ?? []), workerId]);
    }
  };

  /** Set by the first `start`: what sends and `stop` wait for. */
  let starting: Promise<void> | null = null;
  const begin = async (work: boolean) => {
    await boss.start();
    started = true;
    // A warm start finds every queue and schedule in place: two reads instead of two writes a job
    // (issue 19 goal 4). pg-boss leaves an existing queue's options as they are either way.
    const queues = new Set((await boss.getQueues()).map((queue) => queue.name));
    const schedules = new Map(
      // The row's `timezone` column is missing from pg-boss's type.
      (await boss.getSchedules()).map((schedule) => {
        const { timezone } = schedule as PgBoss.Schedule & { timezone?: string };
        return [schedule.name, `${schedule.cron} ${timezone}`];
      }),
    );
    const createQueue = async (definition: JobDefinition<never>) => {
      if (queues.has(definition.name)) return;
      await boss.createQueue(definition.name, {
        name: definition.name,
        retryLimit: definition.retryLimit ?? 3,
        retryBackoff: true,
      });
    };
    // The cron jobs' queues and schedules first, without yielding (see `yielding`).
    for (const definition of definitions) {
      if (!definition.cron) continue;
      await createQueue(definition);
      if (schedules.get(definition.name) !== `${definition.cron} UTC`) {
        await boss.schedule(definition.name, definition.cron, {}, { tz: 'UTC' });
        // The timekeeper's first check may already have run without this schedule (on PostgreSQL each
        // statement lets its `setImmediate` through), and the next is 30 s later. An every-minute job
        // is due now: it goes where that check puts it, with the check's key, so it runs once.
        if (definition.cron === EVERY_MINUTE) {
          await boss.insert([
            {
              name: CRON_DUE_QUEUE,
              data: { name: definition.name, data: {}, tz: 'UTC' },
              singletonKey: definition.name,
              singletonSeconds: 60,
            },
          ]);
        }
      }
    }
    // Every schedule is in place: from here the timekeeper's first check may run at any yield.
    yielding = true;
    try {
      for (const definition of definitions) {
        if (definition.cron) continue;
        await createQueue(definition);
        if (schedules.has(definition.name)) await boss.unschedule(definition.name);
      }
      if (work) await startWorkers();
      // The workers' first fetches are made at once and run one turn apart: the start ends with them.
      await turn;
    } finally {
      yielding = false;
    }
    if (work && workers.size > 0) {
      poller = setInterval(() => void poll(), pollSeconds * 1000);
      poller.unref();
    }
  };
  return {
    boss,
    get starting() {
      return startingNow;
    },
    start({ work }) {
      if (!starting) {
        startingNow = true;
        starting = begin(work).finally(() => {
          startingNow = false;
        });
      }
      return starting;
    },
    async send(name, data, options) {
      // The server listens before its queues are ready (issue 19 goal 4): a request that enqueues
      // meanwhile waits for them here instead of failing.
      if (starting) await starting;
      return options ? boss.send(name, data, options) : boss.send(name, data);
    },
    wake(name) {
      if (!started) return;
      for (const workerId of workers.get(name) ?? []) boss.notifyWorker(workerId);
    },
    async stop() {
      // A stop during the start lets it finish first, so no queue or worker is left half made.
      await starting?.catch(() => undefined);
      if (!started) return;
      started = false;
      if (poller) clearInterval(poller);
      poller = null;
      workers.clear();
      const stopBy = Date.now() + STOP_TIMEOUT_MS;
      await boss.stop({ graceful: true, wait: true, close: false, timeout: STOP_TIMEOUT_MS });
      // pg-boss waits only for jobs it has handed over: a fetch still in flight can hand over a batch
      // after that. One statement behind it (PGlite runs them in order) lets such a batch start, then
      // every batch finishes before the database closes, else it would fail on "PGlite is closed" and
      // keep the process alive after "Sapa stopped".
      await sql.executeSql('select 1').catch(() => undefined);
      while (handling > 0 && Date.now() < stopBy) await new Promise((resolve) => setTimeout(resolve, 50));
    },
  };
}
