import { useEffect, useState } from 'react';

/** Where the list for what is asked stands: still an earlier one's on screen, there, or refused. */
export type ListState = 'loading' | 'listed' | 'failed';

/** A query's list state: an earlier list kept on screen while this one loads is not this one's. */
export const listStateOf = (query: { isError: boolean; data: unknown; isPlaceholderData: boolean }): ListState =>
  query.isError ? 'failed' : query.data !== undefined && !query.isPlaceholderData ? 'listed' : 'loading';

/**
 * Enter on a search-as-you-type list acts on its first item (or the one the arrows chose). While
 * the list on screen is still an earlier search's (kept while the typed one settles and loads),
 * Enter waits for the typed one: typed and entered at once, the counter chose the event, or opened
 * the order, at the top of the list before. The Enter is held for the list it was pressed for
 * (`key`, all that is asked): asked for another since, or refused, it is dropped; `cancel` drops
 * it too (the operator left the search).
 */
export function useEnterWhenListed<T>(key: string, state: ListState, item: T | undefined, act: (item: T) => void) {
  const [heldFor, setHeldFor] = useState<string>();
  useEffect(() => {
    if (heldFor === undefined || (heldFor === key && state === 'loading')) return;
    setHeldFor(undefined);
    if (heldFor === key && state === 'listed' && item !== undefined) act(item);
  }, [heldFor, key, state, item, act]);
  return { enter: () => setHeldFor(key), cancel: () => setHeldFor(undefined) };
}
