/** Cash sessions through the API: one cashier's drawer, and a supervisor's approval. */
import { contract } from '../../src/shared/contract/index.js';
import { isCashAmount, type CashCount } from '../../src/shared/cash.js';
import { fromMinor, toMinor } from '../../src/shared/money.js';
import { expectOk } from './envelope.js';
import { APPROVAL_PIN, type Caller } from './fixtures.js';
import type { Harness } from './harness.js';
import { call, type Reply } from './http.js';

/**
 * The cash that pays `total`: the total when notes and coins make it, else the next whole Rp 1.000,
 * which covers the cash due under any rounding step (docs/cash-sessions.md, Money rules).
 */
export function cashThatPays(total: string): string {
  const minor = toMinor(total);
  return fromMinor(isCashAmount(minor) ? minor : Math.ceil(minor / 100_000) * 100_000);
}

/** A supervisor's approval: its e-mail and approval PIN. */
export const approvalOf = (supervisor: Caller, pin = APPROVAL_PIN) => ({ email: supervisor.user.email, pin });

export function drawer(h: Harness, cashier: Caller) {
  const key = cashier.key;
  const send = (request: ReturnType<typeof call>) => h.request({ ...request, key });
  let sessionId = '';
  return {
    get sessionId() {
      return sessionId;
    },
    async open(openingCount: CashCount) {
      const session = expectOk(await send(call(contract.openCashSession, { body: { openingCount } })), 201);
      sessionId = session.id;
      return session;
    },
    move: (kind: 'cash_in' | 'cash_out', amount: string, reason: string): Promise<Reply> =>
      send(call(contract.moveCash, { params: { sessionId }, body: { kind, amount, reason } })),
    count: (count: CashCount): Promise<Reply> => send(call(contract.countCashSession, { params: { sessionId }, body: { count } })),
    approve: (approval: { email: string; pin: string }, reason: string): Promise<Reply> =>
      send(call(contract.approveCashSession, { params: { sessionId }, body: { approval, reason } })),
    report: (by: Caller = cashier): Promise<Reply> => h.request({ ...call(contract.getCashReport, { params: { sessionId } }), key: by.key }),
  };
}

/** A count of `minor` sen in notes and coins (largest first). */
export function countOf(minor: number) {
  let rest = minor / 100;
  const count: Record<string, number> = {};
  for (const [key, rupiah] of [['n100000', 100000], ['n50000', 50000], ['n20000', 20000], ['n10000', 10000], ['n5000', 5000], ['n2000', 2000], ['n1000', 1000], ['c500', 500], ['c200', 200], ['c100', 100]] as const) {
    count[key] = Math.floor(rest / rupiah);
    rest -= count[key]! * rupiah;
  }
  if (rest !== 0) throw new Error(`${minor} is no count of notes and coins`);
  return count;
}
