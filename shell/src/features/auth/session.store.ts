import { create } from 'zustand';
import { storageKeys, userSchema, type User } from '@noek/contracts';

/**
 * The signed-in user as the UI knows it (spec §4: from the locally stored record). A cache only:
 * the auth feature revalidates it with /api/auth/me (decisions.md). A record that no longer
 * matches the schema counts as signed out.
 */
export function readStoredUser(): User | null {
  try {
    const raw = globalThis.localStorage?.getItem(storageKeys.user());
    if (!raw) return null;
    const parsed = userSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null; // unreadable storage or JSON: signed out
  }
}

function writeStoredUser(user: User | null): void {
  try {
    if (user) globalThis.localStorage?.setItem(storageKeys.user(), JSON.stringify(user));
    else globalThis.localStorage?.removeItem(storageKeys.user());
  } catch {
    // storage unavailable: the session still holds for this page
  }
}

interface SessionState {
  user: User | null;
  setUser: (user: User | null) => void;
  clear: () => void;
}

export const useSessionStore = create<SessionState>((set) => ({
  user: readStoredUser(),
  setUser: (user) => {
    writeStoredUser(user);
    set({ user });
  },
  clear: () => {
    writeStoredUser(null);
    set({ user: null });
  },
}));
