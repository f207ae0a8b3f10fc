/**
 * Waits for a condition the test can observe (answers collected, rows written) instead of for a
 * fixed time: fast when the system is fast, and a clear failure naming what never happened when
 * it is not. Polls a cheap in-process check; the deadline is only a failure bound.
 */
export async function until(
  condition: () => boolean,
  what: string,
  deadlineMs = 20_000,
): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > deadlineMs)
      throw new Error(`still waiting, after ${deadlineMs} ms, for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
