/**
 * What serve does on its own (backups, the search index's batches, the sweep) and which of it is
 * failing. serve logs each failure; this keeps the last one of each task until the task succeeds
 * again, for GET /background and the counter UI's banner, so that a full disk that stops the
 * backups is seen by the operator, not only written to a log nobody reads.
 */
import type { BackgroundProblem, BackgroundTask } from '#shared/schemas/background.js';
import { isStorageFull } from '../db/storage-full.js';
import type { Clock } from '../domain/clock.js';
import { toIso } from '../domain/time.js';

export function createBackgroundProblems(clock: Clock) {
  const problems = new Map<BackgroundTask, BackgroundProblem>();

  return {
    /** `what` says which part of the task failed ("sweep of lapsed holds"), as the log does. */
    failed(task: BackgroundTask, what: string, error: unknown): BackgroundProblem {
      const at = toIso(clock());
      const problem = {
        task,
        failingSince: problems.get(task)?.failingSince ?? at,
        lastFailureAt: at,
        lastError: `${what}: ${error instanceof Error ? error.message : String(error)}`,
        storageFull: isStorageFull(error),
      };
      problems.set(task, problem);
      return problem;
    },
    succeeded(task: BackgroundTask): void {
      problems.delete(task);
    },
    problems: (): BackgroundProblem[] => [...problems.values()],
  };
}
export type BackgroundProblems = ReturnType<typeof createBackgroundProblems>;
