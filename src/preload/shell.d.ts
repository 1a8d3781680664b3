/**
 * What the Electron preload puts on `window` (src/preload/index.ts), and all of it: the renderer
 * types its use from here. In browser mode `window.counterShell` is undefined.
 */
export interface CounterShell {
  readonly kind: 'electron';
  /**
   * The secret of this launch, shared by the shell with the service it started: it lets this
   * window, and no other local program, run the first-run setup (X-Launch-Token).
   */
  readonly launchToken: string;
  /** Tells the shell how many sales wait to be replicated, so that quitting can warn about them. */
  setUnsyncedCount(count: number): void;
}

declare global {
  interface Window {
    counterShell?: CounterShell;
  }
}
