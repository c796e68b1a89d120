/**
 * Polls `probe` until it gives a truthy value, for effects that happen in jobs or after a commit. Tests
 * use it instead of sleeping a fixed time, so they are as fast as the effect and fail with a clear error.
 */
export async function until<T>(
  probe: () => T | Promise<T>,
  timeoutMs = 20_000,
  intervalMs = 100,
): Promise<NonNullable<T>> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out after ${timeoutMs} ms waiting`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
