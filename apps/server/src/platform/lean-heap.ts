import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * How far V8 lets the old generation grow past what the last full collection kept while lean work runs:
 * 30%, instead of its own factor (up to 4× the live set when allocation is fast, and before the first
 * limit-driven collection a fixed initial limit of about 200 MB). A bulk job that allocates gigabytes of
 * short-lived rows over a live set of tens of MB otherwise lets the garbage pile up to hundreds of MB of
 * RSS (issue 14: a 1,000,000-row ingest under 300 MB; decision 0062).
 */
const LEAN_GROWING_PERCENT = 30;

let running = 0;

/**
 * One full collection now, so the next limit is computed from the live set under the current growing
 * factor (the factor only applies from the next collection on). `gc` is reachable only with
 * `--expose-gc`: the flag is set for the one new context that hands it out (as jest's leak detector does).
 */
function collectNow() {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  v8.setFlagsFromString('--no-expose-gc');
  gc();
}

/**
 * Runs bulk work with the heap kept near its live set. The V8 flag is process-wide and read at every
 * full collection, so it is set while at least one such job runs and cleared when the last one ends;
 * the cost is a full collection at the start and smaller, more frequent ones during the job (about one
 * every 25 MB allocated into the old generation), which requests served meanwhile share.
 */
export async function withLeanHeap<T>(work: () => Promise<T>): Promise<T> {
  if (running++ === 0) v8.setFlagsFromString(`--heap-growing-percent=${LEAN_GROWING_PERCENT}`);
  try {
    collectNow();
    return await work();
  } finally {
    if (--running === 0) v8.setFlagsFromString('--heap-growing-percent=0');
  }
}
