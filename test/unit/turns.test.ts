/**
 * The line behind device turns (src/main/http/turns.ts), with connections the test closes itself:
 * slots taken up to the limit, the rest served in arrival order, and a slot given back whenever a
 * connection closes, answered or hung up, while holding a slot or while still waiting.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { LineFull, createTurns } from '../../src/main/http/turns.js';

class FakeConnection extends EventEmitter {
  destroyed = false;
  close(): void {
    this.destroyed = true;
    this.emit('close');
  }
}

/** Enters every connection; records the order in which they get their slot. */
function enterAll(turns: ReturnType<typeof createTurns>, connections: FakeConnection[], served: number[]) {
  return connections.map((connection, n) => turns.enter(connection).then(() => served.push(n)));
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('turns', () => {
  it('gives the slots to the first comers and the next ones, in arrival order, as each closes', async () => {
    const turns = createTurns(2, 10);
    const connections = Array.from({ length: 5 }, () => new FakeConnection());
    const served: number[] = [];
    enterAll(turns, connections, served);
    await settle();
    expect(served).toEqual([0, 1]);
    connections[1]!.close();
    await settle();
    expect(served).toEqual([0, 1, 2]);
    connections[0]!.close();
    connections[2]!.close();
    await settle();
    expect(served).toEqual([0, 1, 2, 3, 4]);
  });

  it('a connection that closes while waiting leaves the line without taking a slot', async () => {
    const turns = createTurns(1, 10);
    const [holder, quitter, next] = Array.from({ length: 3 }, () => new FakeConnection());
    const served: number[] = [];
    enterAll(turns, [holder!, quitter!, next!], served);
    await settle();
    quitter!.close();
    holder!.close();
    await settle();
    expect(served).toEqual([0, 2]);
  });

  it('a connection already gone takes no slot, so no slot is lost with it', async () => {
    const turns = createTurns(1, 10);
    const gone = new FakeConnection();
    gone.destroyed = true;
    await turns.enter(gone);
    const served: number[] = [];
    enterAll(turns, [new FakeConnection()], served);
    await settle();
    expect(served).toEqual([0]);
  });

  it('hanging up right as the slot is handed over still gives it back', async () => {
    const turns = createTurns(1, 10);
    const [holder, handedOver, last] = Array.from({ length: 3 }, () => new FakeConnection());
    const served: number[] = [];
    enterAll(turns, [holder!, handedOver!, last!], served);
    await settle();
    // Closed in the same turn of the event loop as the hand-over, before its waiter resumes.
    holder!.close();
    handedOver!.close();
    await settle();
    expect(served).toEqual([0, 1, 2]);
  });

  it('refuses to queue past its limit', async () => {
    const turns = createTurns(1, 2);
    const served: number[] = [];
    enterAll(turns, Array.from({ length: 3 }, () => new FakeConnection()), served);
    await expect(turns.enter(new FakeConnection())).rejects.toBeInstanceOf(LineFull);
  });
});
