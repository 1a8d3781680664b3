import { Suspense } from 'react';
import { useSetupState } from './api/hooks';
import { Workspace } from './Workspace';
import { ScreenErrorBoundary } from './components/ScreenErrorBoundary';
import { lazyScreen } from './lazy-screen';
import { LoginScreen } from './screens/login/LoginScreen';
import { useUser } from './session';

// Set up once per counter: its code is loaded only on a first run.
const FirstRunScreen = lazyScreen(() => import('./screens/setup/FirstRunScreen').then((m) => m.FirstRunScreen));

/** First run, then login, then the counter. */
export function App() {
  const user = useUser();
  const setup = useSetupState();
  const splash = <p className="splash">Memuat…</p>;
  if (setup.isPending) return splash;
  if (setup.data?.needsSetup)
    return (
      <ScreenErrorBoundary>
        <Suspense fallback={splash}>
          <FirstRunScreen />
        </Suspense>
      </ScreenErrorBoundary>
    );
  if (!user) return <LoginScreen demo={setup.data?.demo ?? false} />;
  return <Workspace user={user} />;
}
