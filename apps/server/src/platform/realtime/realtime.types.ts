import type { ChatRole, RealtimePayload } from '@sapa/contracts';
import type { Executor } from '../database.js';

/**
 * Who receives an event. A socket receives it when its session matches any listed part;
 * `all` reaches every socket of the client.
 */
export type RealtimeAudience =
  | { all: true }
  | { userIds?: readonly string[]; csIds?: readonly string[]; chatRoles?: readonly ChatRole[] };

/** The spec's socket message (§3): one of the events declared in contracts (`<domain>.events.ts`). */
export type { RealtimePayload };

export type PublishInput = {
  clientId: string;
  audience: RealtimeAudience;
  payload: RealtimePayload;
};

/**
 * The live socket as modules see it. `publish` assigns the client's next sequence number and stores
 * the event (so a reconnecting socket can replay it); given a transaction it is stored with it and
 * delivered only after commit. Answers the sequence number.
 */
export type Realtime = {
  publish(input: PublishInput, executor?: Executor): Promise<number>;
  /**
   * Several events of one client in one round trip, numbered in order; answers their sequence numbers.
   * `commit`: the publish is the last statement of the executor's transaction and ends it (see
   * `runPreparedSql`); nothing may run in that transaction after it.
   */
  publishMany(
    clientId: string,
    inputs: readonly Omit<PublishInput, 'clientId'>[],
    executor?: Executor,
    options?: { commit?: boolean },
  ): Promise<number[]>;
  /**
   * For a caller whose own SQL statement publishes as `publishMany` does (decision 0077): the NOTIFY
   * channel and the largest payload sent inline. Absent: publish through `publishMany`.
   */
  readonly statementTarget?: { channel: string; maxInlineBytes: number };
};
