/** A clock tests move by hand: passed to createServices so that sale windows and expiry can be crossed. */
export interface TestClock {
  (): number;
  set(ms: number): void;
  advance(ms: number): void;
}

export function testClock(start = Date.now()): TestClock {
  let now = start;
  const clock = (() => now) as TestClock;
  clock.set = (ms) => {
    now = ms;
  };
  clock.advance = (ms) => {
    now += ms;
  };
  return clock;
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
