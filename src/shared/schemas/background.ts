/**
 * The work a running counter does on its own, out of anyone's request: the scheduled backups, the
 * search index fed after the sales, the sweep (lapsed holds, old idempotency keys, API keys' last
 * use). A failure of one is logged and also shown here, where the counter UI looks.
 */
import { z } from 'zod';
import { Timestamp } from './common.js';

export const BackgroundTask = z.enum(['backup', 'search_index', 'sweep']);
export type BackgroundTask = z.infer<typeof BackgroundTask>;

export const BackgroundProblem = z.object({
  task: BackgroundTask,
  /** When it first failed; it stays listed until a run of the same task succeeds. */
  failingSince: Timestamp,
  lastFailureAt: Timestamp,
  lastError: z.string(),
  /** The disk (or the backup folder's) is full: the operator frees space, nothing else is wrong. */
  storageFull: z.boolean(),
});
export type BackgroundProblem = z.infer<typeof BackgroundProblem>;

export const BackgroundHealth = z.object({ problems: z.array(BackgroundProblem) });
export type BackgroundHealth = z.infer<typeof BackgroundHealth>;
