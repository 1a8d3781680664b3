/** Full-jitter exponential backoff: a random wait up to base·2^attempt, capped. */
export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_CAP_MS = 5 * 60_000;

export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1));
  return Math.floor(random() * ceiling);
}
