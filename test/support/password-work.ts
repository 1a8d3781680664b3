/**
 * scrypt's work factor for the passwords tests and benches set: a sixteenth of the counter's, since
 * a run makes hundreds of users. Each hash names its factor, so every process checks it as usual.
 * Apart from harness.ts, which imports vitest: a bench imports this too.
 */
export const TEST_PASSWORD_WORK = 1024;
