/**
 * The sync engine's pace, for tests and unusual networks: TICKET_COUNTER_SYNC_TIMEOUT_MS (per
 * request, default 10000), TICKET_COUNTER_SYNC_INTERVAL_MS (rounds, default 5000),
 * TICKET_COUNTER_SYNC_PULL_MS (pulls, default 60000).
 */
export function syncTuning() {
  const ms = (name: string) => {
    const value = Number(process.env[name]);
    return Number.isInteger(value) && value > 0 ? value : undefined;
  };
  return {
    timeoutMs: ms('TICKET_COUNTER_SYNC_TIMEOUT_MS'),
    intervalMs: ms('TICKET_COUNTER_SYNC_INTERVAL_MS'),
    pullEveryMs: ms('TICKET_COUNTER_SYNC_PULL_MS'),
  };
}
