/**
 * Who is logged in at this counter: the JWT and the user, kept for the browser tab (sessionStorage),
 * so that a reload keeps the operator logged in and closing the window logs out.
 */
import { useSyncExternalStore } from 'react';
import type { LoginResult, User } from '#shared/schemas/auth.js';

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
/** Why the last session ended, for the login screen, when it was not simply the operator's choice. */
let endNotice: string | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export const session = {
  token: () => current?.token,
  begin(login: LoginResult) {
    current = { token: login.token, user: login.user };
    endNotice = null;
    sessionStorage.setItem(KEY, JSON.stringify(current));
    notify();
  },
  end(notice: string | null = null) {
    current = null;
    endNotice = notice;
    sessionStorage.removeItem(KEY);
    notify();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Why the last session ended, if the login screen should say so. */
export function useEndNotice(): string | null {
  return useSyncExternalStore(session.subscribe, () => endNotice);
}

/** The logged-in user, or null; re-renders on login and logout. */
export function useUser(): User | null {
  return useSyncExternalStore(session.subscribe, () => current?.user ?? null);
}
