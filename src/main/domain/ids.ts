import { monotonicFactory } from 'ulid';

/** Monotonic ULIDs: sortable within one millisecond too, and ~100x faster than ulid(). */
export const newId = monotonicFactory();
