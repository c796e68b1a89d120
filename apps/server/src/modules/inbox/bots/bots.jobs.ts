import type { JobDefinition } from '../../../platform/jobs.js';
import {
  BOT_SWEEP_JOB,
  BOT_TURN_JOB,
  type BotDeps,
  type BotTurnJobData,
  runBotTurn,
  sweepBotTurns,
} from './bot-engine.service.js';

/** A bot room's turn (queued by each customer message) and the sweep that runs turns whose job was lost. */
export function botJobs(deps: () => BotDeps): JobDefinition<never>[] {
  const turn: JobDefinition<BotTurnJobData> = {
    name: BOT_TURN_JOB,
    retryLimit: 3,
    // The turn holds the room's session and moves its cursor: a second run finds nothing to answer.
    handler: (data) => runBotTurn(deps(), data),
  };
  const sweep: JobDefinition = {
    name: BOT_SWEEP_JOB,
    cron: '* * * * *',
    handler: async () => {
      await sweepBotTurns(deps());
    },
  };
  return [turn, sweep] as JobDefinition<never>[];
}
