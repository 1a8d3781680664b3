/**
 * Random bytes from the operating system's CSPRNG, drawn 4 KiB at a time. A sale asks for a few
 * dozen (its ids, a new buyer's salt and password): one call into crypto for each cost more than
 * the bytes. Each byte is handed out once, as Node's own randomUUID and randomInt do with theirs.
 */
import { randomFillSync } from 'node:crypto';

const pool = Buffer.alloc(4096);
let next = pool.length;

/** One random byte, 0 to 255. */
export function randomByte(): number {
  if (next === pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  return pool[next++]!;
}

/** `n` random bytes, in a buffer of their own. */
export function randomBytesPooled(n: number): Buffer {
  const bytes = Buffer.allocUnsafe(n);
  for (let i = 0; i < n; i++) bytes[i] = randomByte();
  return bytes;
}

/** A random index below `n` (n ≤ 256), uniform: bytes past the last whole multiple of n are drawn again. */
export function randomBelow(n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > 256) throw new RangeError(`randomBelow needs a whole n from 1 to 256, not ${n}`);
  const limit = 256 - (256 % n);
  let byte = randomByte();
  while (byte >= limit) byte = randomByte();
  return byte % n;
}
