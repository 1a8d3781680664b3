import { useSetupState } from './api/hooks';
import { Workspace } from './Workspace';
import { LoginScreen } from './screens/login/LoginScreen';
import { FirstRunScreen } from './screens/setup/FirstRunScreen';
import { useUser } from './session';

/** First run, then login, then the counter. */
export function App() {
  const user = useUser();
  const setup = useSetupState();
  if (setup.isPending) return <p className="splash">Memuat…</p>;
  if (setup.data?.needsSetup) return <FirstRunScreen />;
  if (!user) return <LoginScreen demo={setup.data?.demo ?? false} />;
  return <Workspace user={user} />;
}
