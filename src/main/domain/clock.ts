/** Milliseconds since the epoch; injected so that tests can move time (sale windows, expiry). */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();
