import { create } from 'zustand';
import type { User } from '@noek/contracts';
import { storageKeys } from '@noek/contracts/storage-keys';

/** Whether a user record is stored at all (cheap: no parsing, no schema). */
export function hasStoredUser(): boolean {
  try {
    return Boolean(globalThis.localStorage?.getItem(storageKeys.user()));
  } catch {
    return false;
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

/**
 * The signed-in user as the UI knows it (spec §4: from the locally stored record, loaded into the
 * store by `hydrateSession` before the first render). A cache only: the auth feature revalidates it
 * with /api/auth/me (decisions.md).
 */
export const useSessionStore = create<SessionState>((set) => ({
  user: null,
  setUser: (user) => {
    writeStoredUser(user);
    set({ user });
  },
  clear: () => {
    writeStoredUser(null);
    set({ user: null });
  },
}));

/**
 * Boot: puts the stored record, checked by contracts' userSchema, into the store. The schema (zod)
 * loads only when a record exists: a signed-out first visit never downloads it.
 */
export async function hydrateSession(): Promise<void> {
  if (!hasStoredUser()) return;
  const { readStoredUser } = await import('./stored-user');
  useSessionStore.setState({ user: readStoredUser() });
}
