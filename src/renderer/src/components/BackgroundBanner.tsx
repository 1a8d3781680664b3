import { BACKGROUND_TASK_LABEL } from '#shared/labels.js';
import { useBackgroundHealth } from '../api/hooks';
import { dateTime } from '../format';

/**
 * Under the header, where the operator looks: the counter's own work that is failing (a full disk
 * stops the backups, say), since when and why, and what it means for selling meanwhile. Nothing
 * while all of it runs.
 */
export function BackgroundBanner() {
  const problems = useBackgroundHealth().data?.problems ?? [];
  if (problems.length === 0) return null;
  return (
    <div className="banner" role="alert" data-testid="background-problems">
      <ul>
        {problems.map((problem) => {
          const label = BACKGROUND_TASK_LABEL[problem.task];
          return (
            <li key={problem.task}>
              <strong>
                {label.name} gagal sejak {dateTime(problem.failingSince)}
                {problem.storageFull && ': disk penuh'}.
              </strong>{' '}
              {label.meanwhile} <span className="muted">({problem.lastError})</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
