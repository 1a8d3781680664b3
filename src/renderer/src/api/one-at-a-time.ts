import { useRef } from 'react';

/** What the guard needs of a mutation: to start it, and to hear when it has settled. */
export interface Startable<V> {
  mutate(variables: V, options: { onSettled: () => void }): void;
}

/**
 * Starts a request unless one started through this guard is still out: a key pressed again, a
 * button clicked twice. A ref, not the mutation's isPending, which React hears of a task later:
 * two keys queued behind a busy thread both saw it false, and both sent.
 */
export function useOneAtATime() {
  const out = useRef(false);
  return function start<V>(mutation: Startable<V>, variables: V): void {
    if (out.current) return;
    out.current = true;
    mutation.mutate(variables, {
      onSettled: () => {
        out.current = false;
      },
    });
  };
}
