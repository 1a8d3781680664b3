/**
 * Entry and exit at the gates, through the HTTP API: every scan (admitted, refused and why, exit)
 * is a row of the append-only scan log; with the event's re-entry off an exit scan is refused, with
 * it on a ticket scanned out comes in again, once; and the counts the event manager watches (inside
 * now, per gate, category and quarter hour) are read from the log.
 */
import { describe, expect, it } from 'vitest';
import { contract, pathOf } from '../../src/shared/contract/index.js';
import { messages } from '../../src/shared/messages.js';
import { expectError, expectOk } from '../support/envelope.js';
import type { Reply } from '../support/http.js';
import { makeCaller } from '../support/fixtures.js';
import { checkInPath } from '../support/gate.js';
import { useHarness, type Harness } from '../support/harness.js';
import { MINUTE } from '../support/clock.js';
import { world } from '../support/world.js';

// Replies are read field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Data = any;

/** Monday 7 December 2026, 19.58 in Jakarta: two minutes before a quarter hour. */
const DOORS = Date.parse('2026-12-07T12:58:00.000Z');

/** A refusal with its code, and its message when given. */
function refused(reply: Reply, status: number, code: string, message?: string | RegExp): void {
  expectError(reply, status, code);
  if (message !== undefined) expect(reply.body.message).toMatch(message);
}

function gates(h: Harness) {
  const w = world(h);
  const gate = makeCaller(h.services, 'staff', { eventId: w.event.id, permission: 'event:checkin' });
  const post = (url: string, body: unknown, key = gate.key) => h.request({ method: 'POST', url, key, body });
  return {
    w,
    gate,
    enter: (ticketNumber: string, at: string) => post(checkInPath(w.event.id), { ticketNumber, gate: at }),
    leave: (ticketNumber: string, at: string) => post(pathOf(contract.exitTicket.path, { idOrSlug: w.event.id }), { ticketNumber, gate: at }),
    counts: (query = '', key = gate.key) => h.request({ url: `${pathOf(contract.gateCounts.path, { idOrSlug: w.event.id })}${query}`, key }),
    reentry: (reentryAllowed: boolean, key = w.organizer.key) =>
      h.request({ method: 'PUT', url: pathOf(contract.setGateSettings.path, { idOrSlug: w.event.id }), key, body: { reentryAllowed } }),
    scans: () => h.services.database.sqlite.prepare('select direction, outcome, reason, gate, ticket_number, api_key_id from scans order by id').all() as Data[],
    numberOf: (order: Data) => order.participants[0].ticketNumber as string,
  };
}

describe('entry and exit', () => {
  const harness = useHarness();

  it('refuses an exit scan while re-entry is off (the default), and logs it', async () => {
    const g = gates(harness());
    const ticket = g.numberOf(await g.w.sell());
    expectOk(await g.enter(ticket, 'Gerbang Utara'), 201);
    refused(await g.leave(ticket, 'Keluar Timur'), 409, 'INVALID_STATE', messages.reentryNotAllowed);
    expect(expectOk(await g.counts())).toMatchObject({ reentryAllowed: false, insideNow: 1, admitted: 1, exited: 0, refused: 1, refusedWhy: [{ reason: 'reentry_off', count: 1 }] });
    const keyId = g.w.h.services.apiKeys.authenticate(g.gate.key)?.apiKeyId;
    expect(g.scans()).toEqual([
      { direction: 'entry', outcome: 'admitted', reason: null, gate: 'Gerbang Utara', ticket_number: ticket, api_key_id: keyId },
      { direction: 'exit', outcome: 'refused', reason: 'reentry_off', gate: 'Keluar Timur', ticket_number: ticket, api_key_id: keyId },
    ]);
  });

  it('with re-entry on: out at an exit, in again once; an exit of a ticket not inside is refused', async () => {
    const g = gates(harness());
    // Only an organizer (event:update) sets it; a gate's key may not.
    refused(await g.reentry(true, g.gate.key), 403, 'FORBIDDEN');
    expect(expectOk(await g.reentry(true))).toEqual({ reentryAllowed: true });
    const ticket = g.numberOf(await g.w.sell());
    refused(await g.leave(ticket, 'Keluar Timur'), 409, 'INVALID_STATE', messages.ticketNotInside);
    const first = expectOk(await g.enter(ticket, 'Gerbang Utara'), 201);
    const out = expectOk(await g.leave(ticket, 'Keluar Timur'), 201);
    expect(out.participant).toMatchObject({ ticketNumber: ticket, checkIn: first.checkIn });
    refused(await g.leave(ticket, 'Keluar Timur'), 409, 'INVALID_STATE', messages.ticketNotInside);
    // In again: the first admission stays the ticket's check-in.
    const again = expectOk(await g.enter(ticket, 'Gerbang Selatan'), 201);
    expect(again.checkIn).toEqual(first.checkIn);
    refused(await g.enter(ticket, 'Gerbang Barat'), 409, 'ALREADY_CHECKED_IN', /Gerbang Utara/);
    expect(g.scans().map((s: Data) => [s.direction, s.outcome, s.reason])).toEqual([
      ['exit', 'refused', 'not_inside'],
      ['entry', 'admitted', null],
      ['exit', 'exited', null],
      ['exit', 'refused', 'not_inside'],
      ['entry', 'admitted', 'reentry'],
      ['entry', 'refused', 'already_in'],
    ]);
    // Turned off again: the ticket inside stays in, and cannot go out to come back.
    expectOk(await g.reentry(false));
    refused(await g.leave(ticket, 'Keluar Timur'), 409, 'INVALID_STATE', messages.reentryNotAllowed);
    expect(g.w.h.services.audit.countOf('event.gate_settings_changed')).toBe(2);
  });

  it('keeps the scan log append-only', async () => {
    const g = gates(harness());
    refused(await g.enter('ZZZZ-ZZZZ', 'Gerbang Utara'), 404, 'TICKET_NOT_FOUND');
    const { sqlite } = g.w.h.services.database;
    expect(() => sqlite.prepare("update scans set outcome = 'admitted'").run()).toThrow(/append-only/);
    expect(() => sqlite.prepare('delete from scans').run()).toThrow(/append-only/);
    expect(g.scans()).toEqual([expect.objectContaining({ outcome: 'refused', reason: 'not_found', ticket_number: 'ZZZZ-ZZZZ' })]);
  });
});

describe('the gate counts', () => {
  const harness = useHarness();

  it('inside now, admitted, refused and exited per gate, category and quarter hour, also for one gate', async () => {
    const h = harness();
    h.clock.set(DOORS);
    const g = gates(h);
    expectOk(await g.reentry(true));
    const [a, b, c] = [g.numberOf(await g.w.sell()), g.numberOf(await g.w.sell()), g.numberOf(await g.w.sell())];
    expectOk(await g.enter(a, 'Gerbang Utara'), 201);
    expectOk(await g.enter(b, 'Gerbang Utara'), 201);
    refused(await g.enter(a, 'Gerbang Selatan'), 409, 'ALREADY_CHECKED_IN');
    h.clock.advance(3 * MINUTE); // 20.01: the next quarter hour
    expectOk(await g.enter(c, 'Gerbang Selatan'), 201);
    expectOk(await g.leave(b, 'Gerbang Selatan'), 201);
    refused(await g.enter('ZZZZ-ZZZZ', 'Gerbang Selatan'), 404, 'TICKET_NOT_FOUND');

    const all = expectOk(await g.counts());
    const category = g.w.event.tickets[0]!;
    expect(all).toEqual({
      eventId: g.w.event.id,
      gate: null,
      reentryAllowed: true,
      // A gate's key reads the counts; the settings are its organizer's.
      mayChangeSettings: false,
      insideNow: 2,
      admitted: 3,
      refused: 2,
      exited: 1,
      refusedWhy: expect.arrayContaining([
        { reason: 'already_in', count: 1 },
        { reason: 'not_found', count: 1 },
      ]),
      byGate: [
        { gate: 'Gerbang Selatan', admitted: 1, refused: 2, exited: 1 },
        { gate: 'Gerbang Utara', admitted: 2, refused: 0, exited: 0 },
      ],
      byCategory: [
        // An unknown ticket has no category.
        { ticketCategoryId: '', ticketCategoryName: '', admitted: 0, refused: 1, exited: 0 },
        { ticketCategoryId: category.id, ticketCategoryName: category.name, admitted: 3, refused: 1, exited: 1 },
      ],
      byQuarter: [
        { from: '2026-12-07T19:45:00.000+07:00', admitted: 2, refused: 1, exited: 0 },
        { from: '2026-12-07T20:00:00.000+07:00', admitted: 1, refused: 1, exited: 1 },
      ],
    });
    // The gate app's own count: every figure of its gate, but inside now is the event's.
    const north = expectOk(await g.counts('?gate=Gerbang%20Utara'));
    expect(north).toMatchObject({ gate: 'Gerbang Utara', insideNow: 2, admitted: 2, refused: 0, exited: 0, byGate: [{ gate: 'Gerbang Utara', admitted: 2, refused: 0, exited: 0 }] });
    expect(expectOk(await g.counts('', g.w.organizer.key)).mayChangeSettings).toBe(true);
    // Someone without access to the event sees nothing of it.
    const stranger = makeCaller(h.services, 'staff');
    refused(await g.counts('', stranger.key), 403, 'FORBIDDEN');
  });
});
