/** Cash sessions (shifts), their reports and refunds as react-query hooks. */
import { useQuery } from '@tanstack/react-query';
import { contract } from '#shared/contract/index.js';
import type { ApproveCashSessionBody, CashMovementBody, CountCashSessionBody, OpenCashSessionBody, RefundBody } from '#shared/schemas/cash-session.js';
import { api, once } from './client';
import { orderParams, useChange, useOrderChange } from './hooks';

export const cashKeys = {
  current: ['cash-session'] as const,
  sessions: ['cash-sessions'] as const,
  report: (sessionId: string) => ['cash-report', sessionId] as const,
};

/** Everything a change to a session makes stale: the session, the list and its report. */
const SESSION_VIEWS = [cashKeys.current, cashKeys.sessions, ['cash-report']];

export function useCurrentSession() {
  return useQuery({ queryKey: cashKeys.current, queryFn: () => api(contract.currentCashSession, {}) });
}

export function useCashSessions() {
  return useQuery({ queryKey: cashKeys.sessions, queryFn: () => api(contract.listCashSessions, { query: {} }) });
}

export function useCashReport(sessionId: string | undefined) {
  return useQuery({
    queryKey: cashKeys.report(sessionId ?? ''),
    queryFn: () => api(contract.getCashReport, { params: { sessionId: sessionId! } }),
    enabled: Boolean(sessionId),
  });
}

/** Issues an X report of the session so far (printing or exporting one does). */
export function useIssueXReport(sessionId: string) {
  return useChange(() => api(contract.issueXReport, { params: { sessionId } }, once()), SESSION_VIEWS);
}

export function useOpenSession() {
  return useChange((body: OpenCashSessionBody) => api(contract.openCashSession, { body }), SESSION_VIEWS);
}

export function useMoveCash(sessionId: string) {
  return useChange((body: CashMovementBody) => api(contract.moveCash, { params: { sessionId }, body }), SESSION_VIEWS);
}

export function useCountSession(sessionId: string) {
  return useChange((body: CountCashSessionBody) => api(contract.countCashSession, { params: { sessionId }, body }), SESSION_VIEWS);
}

export function useApproveSession(sessionId: string) {
  return useChange((body: ApproveCashSessionBody) => api(contract.approveCashSession, { params: { sessionId }, body }), SESSION_VIEWS);
}

export function useRefund(order: { eventId: string; id: string }) {
  return useOrderChange((body: RefundBody) => api(contract.refundOrder, { params: orderParams(order), body }, once()));
}
