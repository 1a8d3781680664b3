/**
 * A ticket brought back to the counter and scanned: its order is looked up by the ticket's own
 * token (the service verifies it) and opened. What goes wrong is said, in words, until the next scan.
 */
import { useState } from 'react';
import { contract } from '#shared/contract/index.js';
import { unverifiedClaims } from '#shared/ticket-token.js';
import { api } from './api/client';
import { useTicketScanner } from './scanner';

/** What the Orders screen needs to open an order's detail. */
export interface OrderToOpen {
  eventId: string;
  id: string;
  customerName: string;
  /** Known from the list; a scanned ticket names its holder only. */
  customerEmail?: string;
}

export function useScannedTicket(open: (order: OrderToOpen) => void): string | undefined {
  const [problem, setProblem] = useState<string>();
  useTicketScanner((token) => {
    const claims = unverifiedClaims(token);
    if (!claims) {
      setProblem('Kode yang dipindai bukan tiket dari loket ini.');
      return;
    }
    api(contract.lookUpTicket, { params: { idOrSlug: claims.eid }, query: { token } }).then(
      (participant) => {
        setProblem(undefined);
        open({ eventId: claims.eid, id: participant.orderId, customerName: participant.name });
      },
      (error: Error) => setProblem(`Tiket yang dipindai tidak dapat dibuka: ${error.message}`),
    );
  });
  return problem;
}
