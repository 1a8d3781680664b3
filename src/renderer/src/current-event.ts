/**
 * The event the counter is selling for: chosen once, remembered on this machine (localStorage), and
 * shared by the Sell and Orders screens.
 */
import { useCallback, useState } from 'react';

const KEY = 'counter.eventId';

export function useCurrentEvent(): [string | undefined, (eventId: string) => void] {
  const [eventId, setEventId] = useState<string | undefined>(() => localStorage.getItem(KEY) ?? undefined);
  const choose = useCallback((id: string) => {
    localStorage.setItem(KEY, id);
    setEventId(id);
  }, []);
  return [eventId, choose];
}
