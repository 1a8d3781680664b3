import { useState } from 'react';
import { hasToken, setToken } from './api';
import { EventsScreen } from './screens/EventsScreen';
import { LoginScreen } from './screens/LoginScreen';

export function App() {
  const [loggedIn, setLoggedIn] = useState(hasToken());
  const logout = () => {
    setToken(undefined);
    setLoggedIn(false);
  };
  return (
    <div className="app">
      <header className="topbar">
        <strong>Ticket Counter</strong>
        {loggedIn && (
          <button type="button" className="link" onClick={logout}>
            Keluar
          </button>
        )}
      </header>
      <main>{loggedIn ? <EventsScreen /> : <LoginScreen onLoggedIn={() => setLoggedIn(true)} />}</main>
    </div>
  );
}
