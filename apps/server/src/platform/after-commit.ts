/**
 * Work that may only start once a transaction has committed (decision 0044): a job whose handler
 * reads what the transaction wrote, an in-process send of a row it queued. Whoever owns the
 * transaction makes the queue, hands `add` to the code running inside it, and runs the queue after
 * the commit (or drops it when the transaction rolled back). Code inside never sees the commit.
 */
export type AfterCommit = {
  /** Runs `work` after the commit, in the order added; its failure is logged, not thrown. */
  add(work: () => unknown): void;
};

export type AfterCommitQueue = AfterCommit & {
  /** After the commit: runs every piece of work added, one after another. */
  run(): Promise<void>;
  /** The transaction rolled back: nothing added runs. */
  discard(): void;
};

export function createAfterCommit(log?: { warn(object: object, message: string): void }): AfterCommitQueue {
  let works: (() => unknown)[] = [];
  return {
    add(work) {
      works.push(work);
    },
    async run() {
      const taken = works;
      works = [];
      for (const work of taken) {
        try {
          await work();
        } catch (error) {
          log?.warn({ err: error }, 'after-commit work failed; its sweep or job picks it up');
        }
      }
    },
    discard() {
      works = [];
    },
  };
}
