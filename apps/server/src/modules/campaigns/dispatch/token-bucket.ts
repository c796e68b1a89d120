/**
 * A provider's send rate (decision 0028, "Claims"): `ratePerSecond` tokens a second, at most `burst`
 * saved up. A claim takes as many rows as there are tokens, so a provider is never asked for more.
 * Per worker process: with several workers each gets the rate (set it divided by their number).
 */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly ratePerSecond: number,
    private readonly burst: number = Math.max(1, ratePerSecond),
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = burst;
    this.last = now();
  }

  private refill() {
    const at = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((at - this.last) / 1000) * this.ratePerSecond);
    this.last = at;
  }

  /** Takes up to `wanted` whole tokens; answers how many it got. */
  take(wanted: number): number {
    this.refill();
    const granted = Math.max(0, Math.min(wanted, Math.floor(this.tokens)));
    this.tokens -= granted;
    return granted;
  }

  /** Whole tokens there now. */
  available(): number {
    this.refill();
    return Math.floor(this.tokens);
  }

  /** Gives back tokens taken for rows that were not sent (deferred, blacklisted). */
  giveBack(count: number) {
    this.tokens = Math.min(this.burst, this.tokens + count);
  }

  /** Milliseconds until one token is there. */
  waitMs(): number {
    this.refill();
    return this.tokens >= 1 ? 0 : Math.ceil(((1 - this.tokens) / this.ratePerSecond) * 1000);
  }
}
