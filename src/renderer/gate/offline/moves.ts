/**
 * Who this device let in or out since its copy of the tickets was taken: the copy alone would let
 * a ticket admitted a minute ago in again while the network is down. A move the instance knows of
 * (answered online, or its journal entry uploaded) is dropped once a copy taken after it arrives,
 * which has it; a move still waiting in the journal stays until then.
 */
import { ticketLookupKey } from '#shared/ticket-number.js';

export interface Move {
  inside: boolean;
  /** When and where, as the answer screen words a second scan. */
  at: string;
  gate: string;
  /** Date.now() when the instance knew of it; undefined while only the journal holds it. */
  knownAt?: number;
}

const moves = new Map<string, Move>();

export const lastMove = (ticketNumber: string) => moves.get(ticketLookupKey(ticketNumber));

export function recordMove(ticketNumber: string, move: Move): void {
  moves.set(ticketLookupKey(ticketNumber), move);
}

/** The instance took these journal entries' moves in just now. */
export function movesKnown(ticketNumbers: string[]): void {
  const now = Date.now();
  for (const number of ticketNumbers) {
    const move = moves.get(ticketLookupKey(number));
    if (move && move.knownAt === undefined) move.knownAt = now;
  }
}

/** A copy asked for at `askedAt` holds every move the instance knew of before it. */
export function movesInCopy(askedAt: number): void {
  for (const [key, move] of moves) if (move.knownAt !== undefined && move.knownAt < askedAt) moves.delete(key);
}
