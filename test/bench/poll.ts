/** Waiting in the benches for something another process does: polled, with a deadline. */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Calls `probe` every `everyMs` until it returns something other than undefined, and returns it;
 * fails after `timeoutMs`, naming `what`.
 */
export async function pollUntil<T>(what: string, probe: () => Promise<T | undefined>, options: { timeoutMs: number; everyMs?: number }): Promise<T> {
  const deadline = performance.now() + options.timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (performance.now() > deadline) throw new Error(`timed out after ${options.timeoutMs / 1000} s waiting for ${what}`);
    await sleep(options.everyMs ?? 250);
  }
}
