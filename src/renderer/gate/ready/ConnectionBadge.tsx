/**
 * Online, and whether the copy for an outage is ready; or unmistakably offline: the steward knows
 * the answers then come from the copy, and how old it is.
 */
import { online } from '../connection';
import { ticketCopy } from '../offline/ticket-copy';
import { useStore } from '../store';
import { texts } from '../texts';
import { clock } from '../time';

export function ConnectionBadge({ timeZone }: { timeZone: string }) {
  const isOnline = useStore(online);
  const copy = useStore(ticketCopy);
  if (isOnline) return <p className="badge online">{copy ? texts.onlineWithCopy(copy.tickets.size, clock(copy.takenAt, timeZone)) : texts.online}</p>;
  return <p className="badge offline">{copy ? texts.offline(copy.tickets.size, clock(copy.takenAt, timeZone)) : texts.offlineNoCopy}</p>;
}
