/** Cash sessions through the API: one cashier's drawer, and a supervisor's approval. */
import { contract } from '../../src/shared/contract/index.js';
import type { CashCount } from '../../src/shared/cash.js';
import { expectOk } from './envelope.js';
import { PASSWORD, type Caller } from './fixtures.js';
import type { Harness } from './harness.js';
import { call, type Reply } from './http.js';

/** A supervisor's approval: its e-mail and password. */
export const approvalOf = (supervisor: Caller, password = PASSWORD) => ({ email: supervisor.user.email, password });

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
    approve: (approval: { email: string; password: string }, reason: string): Promise<Reply> =>
      send(call(contract.approveCashSession, { params: { sessionId }, body: { approval, reason } })),
    report: (by: Caller = cashier): Promise<Reply> => h.request({ ...call(contract.getCashReport, { params: { sessionId } }), key: by.key }),
  };
}
