/**
 * A scan decided by the instance, which holds the venue's one record of who is inside: a check-in,
 * an exit, or a group's check-in. What it admits or lets out is remembered as this device's move,
 * for scans decided offline before the next copy. Undefined when it could not be reached.
 */
import { contract } from '#shared/contract/index.js';
import type { GateParticipant } from '#shared/schemas/check-in.js';
import { call } from '../api';
import type { Device } from '../device';
import { recordMove } from '../offline/moves';
import { texts } from '../texts';
import type { Scanned } from './classify';
import type { Mode } from './mode';
import { refusalVerdict } from './refusals';
import { admitted, exited, groupVerdict, type Member, type Person, type Verdict } from './verdict';

const personOf = (participant: GateParticipant): Person => ({ name: participant.name, category: participant.ticketCategoryName, identityNumber: participant.identityNumber });

const moved = (ticketNumber: string, inside: boolean, at: string, gate: string) => recordMove(ticketNumber, { inside, at, gate, knownAt: Date.now() });

type OneTicket = Exclude<Scanned, { kind: 'group' }>;

/** The field a single ticket is sent in: its number, or the text of its QR code. */
const namingOf = (scanned: OneTicket) => (scanned.kind === 'number' ? { ticketNumber: scanned.ticketNumber } : { token: scanned.token });

const memberOutcome: Record<'admitted' | 'already_in' | 'refused', (message: string | null) => string | undefined> = {
  admitted: () => undefined,
  already_in: () => texts.groupAlreadyIn,
  refused: (message) => message ?? texts.refused,
};

async function checkInGroup({ key, event, gate }: Device, token: string, scanId: string): Promise<Verdict | undefined> {
  const answer = await call(contract.checkInGroup, { params: { idOrSlug: event.id }, body: { token, gate } }, { key, idempotencyKey: scanId });
  if (answer.kind === 'unreachable') return undefined;
  if (answer.kind === 'refused') return refusalVerdict(answer, { kind: 'group', token }, event.id);
  const members = answer.data.tickets.map(({ ticketNumber, outcome, message, participant }): Member => {
    if (outcome === 'admitted' && participant?.checkIn) moved(ticketNumber, true, participant.checkIn.checkedInAt, participant.checkIn.gate);
    return { name: participant?.name ?? ticketNumber, ticketNumber, outcome, note: memberOutcome[outcome](message) };
  });
  return groupVerdict(members, false);
}

async function checkInTicket({ key, event, gate }: Device, scanned: OneTicket, scanId: string): Promise<Verdict | undefined> {
  const answer = await call(contract.checkIn, { params: { idOrSlug: event.id }, body: { ...namingOf(scanned), gate } }, { key, idempotencyKey: scanId });
  if (answer.kind === 'unreachable') return undefined;
  if (answer.kind === 'refused') return refusalVerdict(answer, scanned, event.id);
  const { participant, checkIn } = answer.data;
  moved(participant.ticketNumber, true, checkIn.checkedInAt, checkIn.gate);
  return admitted(personOf(participant), false);
}

async function exitTicket({ key, event, gate }: Device, scanned: OneTicket, scanId: string): Promise<Verdict | undefined> {
  const answer = await call(contract.exitTicket, { params: { idOrSlug: event.id }, body: { ...namingOf(scanned), gate } }, { key, idempotencyKey: scanId });
  if (answer.kind === 'unreachable') return undefined;
  if (answer.kind === 'refused') return refusalVerdict(answer, scanned, event.id);
  const { participant, exitedAt } = answer.data;
  moved(participant.ticketNumber, false, exitedAt, gate);
  return exited(personOf(participant), false);
}

/** A group is only ever checked in: its people go out one by one. */
export function askInstance(device: Device, mode: Mode, scanned: Scanned, scanId: string): Promise<Verdict | undefined> {
  if (scanned.kind === 'group') return checkInGroup(device, scanned.token, scanId);
  return mode === 'exit' ? exitTicket(device, scanned, scanId) : checkInTicket(device, scanned, scanId);
}
