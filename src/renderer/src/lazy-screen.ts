/**
 * A screen whose code is its own chunk, loaded the first time it is shown (React.lazy), so the
 * login and Sell screens do not wait for the code of every other one. `preload` fetches it ahead,
 * once the first screen is up, so that switching to it later does not wait either.
 */
import { lazy, type ComponentType } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound: any props.
export function lazyScreen<C extends ComponentType<any>>(load: () => Promise<C>) {
  let loading: Promise<{ default: C }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        // A preload that failed (the service out of reach a moment) leaves the screen's own load to try again.
        loading = undefined;
        throw error;
      },
    ));
  return Object.assign(lazy(preload), { preload });
}

/** Runs `work` once the page is idle; Safari has no requestIdleCallback, so a short wait there. Returns the cancel. */
export function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const idle = requestIdleCallback(work);
    return () => cancelIdleCallback(idle);
  }
  const timer = setTimeout(work, 200);
  return () => clearTimeout(timer);
}
