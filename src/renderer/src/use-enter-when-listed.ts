import { useEffect, useState } from 'react';

/**
 * Enter on a search-as-you-type list acts on its first item (or the one the arrows chose). While
 * the list on screen is still an earlier search's (kept while the typed one settles and loads),
 * Enter waits for the typed one: typed and entered at once, the counter chose the event, or opened
 * the order, at the top of the list before. `enter` asks; a change of the search calls `cancel`.
 */
export function useEnterWhenListed<T>(listed: boolean, item: T | undefined, act: (item: T) => void) {
  const [waiting, setWaiting] = useState(false);
  useEffect(() => {
    if (!waiting || !listed) return;
    setWaiting(false);
    if (item !== undefined) act(item);
  }, [waiting, listed, item, act]);
  return { enter: () => setWaiting(true), cancel: () => setWaiting(false) };
}
