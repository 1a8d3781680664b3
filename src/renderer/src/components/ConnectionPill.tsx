import type { SyncStatus } from '#shared/schemas/sync.js';
import { CONNECTION_LABEL, connectionOf } from '../sync-summary';

/** How the counter stands with its remote, as a coloured label. */
export function ConnectionPill({ status, testId }: { status: SyncStatus | undefined; testId?: string }) {
  const connection = connectionOf(status);
  return (
    <span className={`pill ${connection}`} data-testid={testId}>
      {CONNECTION_LABEL[connection]}
    </span>
  );
}
