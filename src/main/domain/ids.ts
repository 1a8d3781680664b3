import { monotonicFactory } from 'ulid';
import { randomByte } from './random-pool.js';

// ulid's own PRNG asks crypto for one byte per character: 16 calls for every id in a new
// millisecond, a measurable share of a sale. The same bytes from the pool cost a fraction of that.
// (byte / 256 is uniform over ulid's 32 characters.)
const pooledRandom = () => randomByte() / 256;

/** Monotonic ULIDs: sortable within one millisecond too, and much faster than ulid(). */
export const newId = monotonicFactory(pooledRandom);
