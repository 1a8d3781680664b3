/**
 * The sync engine's pace, for tests and unusual networks: TICKET_COUNTER_SYNC_TIMEOUT_MS (per
 * request, default 10000), TICKET_COUNTER_SYNC_INTERVAL_MS (rounds, default 5000),
 * TICKET_COUNTER_SYNC_PULL_MS (pulls, default 60000), TICKET_COUNTER_GATE_LIST_NEW_MS (the gate
 * list's read of new orders, default 30000), TICKET_COUNTER_GATE_LIST_FULL_MS (its full pass,
 * default 600000).
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
    gateListNewEveryMs: ms('TICKET_COUNTER_GATE_LIST_NEW_MS'),
    gateListFullEveryMs: ms('TICKET_COUNTER_GATE_LIST_FULL_MS'),
  };
}
