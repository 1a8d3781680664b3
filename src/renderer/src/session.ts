/**
 * Who is logged in at this counter: the JWT and the user, kept for the browser tab (sessionStorage),
 * so that a reload keeps the operator logged in and closing the window logs out.
 */
import { useSyncExternalStore } from 'react';
import type { LoginResult, User } from '../../shared/schemas/auth.js';

const KEY = 'counter.session';

interface Stored {
  token: string;
  user: User;
}

function read(): Stored | null {
  const raw = sessionStorage.getItem(KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as Stored;
  } catch {
    return null;
  }
}

let current = read();
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export const session = {
  token: () => current?.token,
  begin(login: LoginResult) {
    current = { token: login.token, user: login.user };
    sessionStorage.setItem(KEY, JSON.stringify(current));
    notify();
  },
  end() {
    current = null;
    sessionStorage.removeItem(KEY);
    notify();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The logged-in user, or null; re-renders on login and logout. */
export function useUser(): User | null {
  return useSyncExternalStore(session.subscribe, () => current?.user ?? null);
}

/** Organizers and super admins run the counter itself (remote, settings); staff sell. */
export const mayManage = (user: User | null) => user?.role === 'organizer' || user?.role === 'super_admin';
