/**
 * Issuing tickets: once an order is paid its registration becomes a participant with a ticket
 * number. Ticket numbers are random rather than sequential because several counters issue them
 * offline for the same event; they use an alphabet an operator can read aloud without confusion
 * (no 0/O, 1/I/L, U), grouped like "K7QM-4X9P": 30^8, about 6.6e11 per event.
 */
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connection.js';
import { participants } from '../db/schema.js';
import { TICKET_NUMBER_ALPHABET as ALPHABET, printedTicketNumber } from '#shared/ticket-number.js';
import { newId } from './ids.js';
import type { OrderRow } from './order-views.js';

/** A participant's status once its order is refunded: the ticket is void, the gate refuses it. */
export const REFUNDED = 'refunded';

const ATTEMPTS = 5;

export function newTicketNumber(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return printedTicketNumber(code);
}

function isTicketNumberTaken(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'SQLITE_CONSTRAINT_UNIQUE' && error.message.includes('ticket_number');
}

/**
 * Issues paid orders' participants. Its insert is prepared once: every cash sale at the counter
 * issues one.
 */
export function createParticipantIssuer(db: Db) {
  const ph = sql.placeholder;
  const insertParticipant = db
    .insert(participants)
    .values({
      id: ph('id'),
      orderId: ph('orderId'),
      eventId: ph('eventId'),
      ticketCategoryId: ph('ticketCategoryId'),
      userId: ph('userId'),
      ticketNumber: ph('ticketNumber'),
      status: 'registered',
      identityNumber: ph('identityNumber'),
      name: ph('name'),
      email: ph('email'),
      phone: ph('phone'),
      gender: ph('gender'),
      birthDate: ph('birthDate'),
      formData: ph('formData'),
      createdAt: ph('createdAt'),
    })
    .prepare();

  /**
   * The paid order's participant, inserted with a ticket number unique within its event: `preferred`
   * (the number a counter printed, replicated here) when it is free, else a new one. Returns it.
   */
  return function issueParticipant(order: OrderRow, now: number, preferred?: string): string {
    for (let attempt = 1; ; attempt++) {
      const ticketNumber = attempt === 1 && preferred ? preferred : newTicketNumber();
      try {
        insertParticipant.run({
          id: newId(now),
          orderId: order.id,
          eventId: order.eventId,
          ticketCategoryId: order.ticketCategoryId,
          userId: order.buyerUserId,
          ticketNumber,
          identityNumber: order.identityNumber,
          name: order.customerName,
          email: order.customerEmail,
          phone: order.customerPhone,
          gender: order.customerGender,
          birthDate: order.customerBirthDate,
          formData: order.formData,
          createdAt: now,
        });
        return ticketNumber;
      } catch (error) {
        if (attempt === ATTEMPTS || !isTicketNumberTaken(error)) throw error;
      }
    }
  };
}
