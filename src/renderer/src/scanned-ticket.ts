/**
 * A ticket brought back to the counter and scanned: its order is looked up by the ticket's own
 * token (the service verifies it), or by its ticket number over every event the operator may read,
 * and opened. A basket's group code, scanned, lists the basket's orders. What goes wrong is said,
 * in words, until the next scan.
 */
import { useRef, useState } from 'react';
import { contract } from '#shared/contract/index.js';
import { asPrintedTicketNumber } from '#shared/ticket-number.js';
import { GroupClaims, TicketClaims, unverifiedClaims } from '#shared/ticket-token.js';
import { api } from './api/client';
import { useTicketScanner, type Scanned } from './scanner';

/** What the Orders screen needs to open an order's detail. */
export interface OrderToOpen {
  eventId: string;
  id: string;
  customerName: string;
  /** Known from the list; a scanned ticket names its holder only. */
  customerEmail?: string;
}

/** What a scan leads to: one order, or the orders of one basket. */
export interface ScanTargets {
  openOrder: (order: OrderToOpen) => void;
  showBasket: (eventId: string, transactionId: string) => void;
}

export function useScannedTicket({ openOrder, showBasket }: ScanTargets): string | undefined {
  const [problem, setProblem] = useState<string>();
  // Only the last scan's answer acts: two tickets scanned one after the other opened whichever
  // lookup came back last, so a slow first one replaced the second's order, another customer's.
  const scans = useRef(0);
  /** Acts on the answer to the scan just made (or says its failure) unless another scan has come since. */
  function answered<T>(lookup: Promise<T>, what: string, opened: (answer: T) => void): void {
    const scan = scans.current;
    lookup.then(
      (answer) => scan === scans.current && opened(answer),
      (error: Error) => scan === scans.current && setProblem(`${what} yang dipindai tidak dapat dibuka: ${error.message}`),
    );
  }
  /** The one order holding this ticket number, whichever event it is of. */
  const openNumbered = (number: string) =>
    answered(api(contract.searchOrders, { query: { search: number } }), 'Tiket', (found) => {
      const order = found.find((o) => o.participants.some((p) => p.ticketNumber === number));
      if (!order) return setProblem(`Tiket ${number} tidak ditemukan di acara yang dapat Anda lihat.`);
      setProblem(undefined);
      openOrder({ eventId: order.eventId, id: order.id, customerName: order.customerName, customerEmail: order.customerEmail });
    });
  useTicketScanner((scanned: Scanned) => {
    // Every scan, a code that is no ticket too, leaves the answers to those before it unheeded.
    scans.current++;
    if (scanned.kind === 'number') return openNumbered(asPrintedTicketNumber(scanned.text));
    const token = scanned.text;
    const ticket = unverifiedClaims(TicketClaims, token);
    const group = ticket ? undefined : unverifiedClaims(GroupClaims, token);
    if (ticket) {
      answered(api(contract.lookUpTicket, { params: { idOrSlug: ticket.eid }, query: { token } }), 'Tiket', (participant) => {
        setProblem(undefined);
        openOrder({ eventId: ticket.eid, id: participant.orderId, customerName: participant.name });
      });
    } else if (group) {
      // Looked up first: the service verifies the code before the counter trusts its basket id.
      answered(api(contract.lookUpGroup, { params: { idOrSlug: group.eid }, query: { token } }), 'Kode transaksi', (found) => {
        setProblem(undefined);
        showBasket(group.eid, found.groupId);
      });
    } else setProblem('Kode yang dipindai bukan tiket dari loket ini.');
  });
  return problem;
}
