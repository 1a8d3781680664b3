/** The names the Electron shell (src/main/electron) and its preload (src/preload) agree on. */

/** The window's argv entry carrying this launch's token to the preload. */
export const LAUNCH_TOKEN_ARG = '--counter-launch-token=';
/** The one IPC message the preload sends: how many sales wait to be replicated. */
export const UNSYNCED_CHANNEL = 'counter:unsynced-count';
/** The environment variable giving the same token to the service the shell starts. */
export const LAUNCH_TOKEN_ENV = 'TICKET_COUNTER_LAUNCH_TOKEN';
/**
 * The environment variable giving the service the data key the shell keeps in the OS keychain
 * (Electron safeStorage): with it the remote API key is stored encrypted (src/main/settings/seal.ts).
 */
export const SECRET_KEY_ENV = 'TICKET_COUNTER_SECRET_KEY';
