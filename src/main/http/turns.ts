/**
 * A line for a fixed number of slots: whoever enters takes a free slot or waits, in arrival order,
 * and gives the slot back when its connection closes, answered or abandoned alike. The connection's
 * `close` is the one end every exchange has (an answer that was never finished fires neither
 * "response" nor, once the request was read whole, "abort"); a connection already gone takes no
 * slot, for nothing would ever give it back.
 */

/** What a turn needs of a connection (the HTTP response it belongs to). */
export interface Connection {
  readonly destroyed: boolean;
  once(event: 'close', listener: () => void): unknown;
}

export class LineFull extends Error {}

export function createTurns(slots: number, waitingLimit: number) {
  let busy = 0;
  const waiting: { connection: Connection; take: () => void }[] = [];
  const holding = new Set<Connection>();

  function leave(connection: Connection): void {
    const queued = waiting.findIndex((entry) => entry.connection === connection);
    if (queued >= 0) {
      waiting.splice(queued, 1);
      return;
    }
    if (!holding.delete(connection)) return;
    // The slot is handed over, not freed and taken again: the order of arrival holds.
    const next = waiting.shift();
    if (next) next.take();
    else busy -= 1;
  }

  /** Resolves once the connection holds a slot; throws LineFull when the line is at its limit. */
  async function enter(connection: Connection): Promise<void> {
    if (connection.destroyed) return;
    connection.once('close', () => leave(connection));
    if (busy < slots) {
      busy += 1;
      holding.add(connection);
      return;
    }
    if (waiting.length >= waitingLimit) throw new LineFull();
    await new Promise<void>((resolve) =>
      waiting.push({
        connection,
        take: () => {
          // The slot is the connection's from the moment it is handed over: hanging up even then gives it back.
          holding.add(connection);
          resolve();
        },
      }),
    );
  }

  return { enter };
}
