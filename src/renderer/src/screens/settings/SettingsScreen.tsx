import type { User } from '../../../../shared/schemas/auth.js';
import type { SyncStatus } from '../../../../shared/schemas/sync.js';
import { mayManage } from '../../session';
import { ApiKeysSection } from './ApiKeysSection';
import { CounterSection } from './CounterSection';
import { RemoteSection } from './RemoteSection';

/** The counter's own settings; who runs the counter (organizer, super admin) may change them. */
export function SettingsScreen({ user, status }: { user: User; status: SyncStatus | undefined }) {
  const manager = mayManage(user);
  return (
    <div className="settings">
      <RemoteSection status={status} editable={manager} />
      <ApiKeysSection />
      <CounterSection editable={manager} />
    </div>
  );
}
