import type { User } from '#shared/schemas/auth.js';
import type { SyncStatus } from '#shared/schemas/sync.js';
import { makesApiKeys, ownsCounter, supervisesCash } from '#shared/roles.js';
import { AccountSection } from './AccountSection';
import { ApprovalPinSection } from './ApprovalPinSection';
import { ApiKeysSection } from './ApiKeysSection';
import { CounterSection } from './CounterSection';
import { DisplaySection } from './DisplaySection';
import { GateDevicesSection } from './GateDevicesSection';
import { PrinterSection } from './PrinterSection';
import { RemoteSection } from './RemoteSection';

/** The counter's own settings: its owner (super admin) changes them; everyone sees them. */
export function SettingsScreen({ user, status }: { user: User; status: SyncStatus | undefined }) {
  const owner = ownsCounter(user.role);
  return (
    <div className="settings">
      <RemoteSection status={status} editable={owner} />
      {makesApiKeys(user.role) && <GateDevicesSection />}
      <ApiKeysSection creates={makesApiKeys(user.role)} forOthers={owner} />
      <CounterSection editable={owner} />
      <PrinterSection editable={owner} />
      <DisplaySection editable={owner} />
      <AccountSection />
      {supervisesCash(user.role) && <ApprovalPinSection />}
    </div>
  );
}
