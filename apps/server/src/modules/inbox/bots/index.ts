// What the inbox's arrival flow and the composition root use of the bots sub-domain.
export {
  BOT_TURN_JOB,
  type BotDeps,
  botForNewRoom,
  botHeard,
  runBotTurn,
  sweepBotTurns,
} from './bot-engine.service.js';
export { botJobs } from './bots.jobs.js';
export { botsRoutes } from './bots.routes.js';
