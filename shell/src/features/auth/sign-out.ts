import type { QueryClient } from '@tanstack/react-query';
import { isUserCacheKey } from '@noek/contracts/storage-keys';
import { authApi } from './auth-api';

/** Removes `userId`'s cached conversations and messages from local storage (a shared computer keeps none). */
export function forgetUserCaches(
  userId: string,
  storage: Storage | undefined = globalThis.localStorage,
): void {
  if (!storage) return;
  try {
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i));
    for (const key of keys) if (key !== null && isUserCacheKey(key, userId)) storage.removeItem(key);
  } catch (err) {
    console.error('Local cache cleanup failed', err); // spec §8: cache errors are only logged
  }
}

export interface SignOutDeps {
  queryClient: QueryClient;
  /** The signed-in user's id, whose local caches go. */
  userId: string | null;
  clearUser: () => void;
  goHome: () => void;
  /** 'Sign out everywhere' (account screen): ends every session of the user, not only this browser's. */
  everywhere?: boolean;
}

/**
 * Spec §4: logout clears the query cache and the stored session; and the user's cached
 * conversations and messages. The server call (its failure is ignored, spec §7) is sent first, so it
 * still carries the session cookies; the screen changes at once without waiting for it.
 * `POST /api/auth/logout` ends only this browser's session (decisions.md); `everywhere` sends
 * `POST /api/auth/logout-everywhere`, which ends all of them.
 */
export function signOut(deps: SignOutDeps): Promise<void> {
  const call = deps.everywhere ? authApi.logoutEverywhere() : authApi.logout();
  const done = call.then(
    () => undefined,
    () => undefined,
  );
  deps.queryClient.clear();
  if (deps.userId) forgetUserCaches(deps.userId);
  deps.clearUser();
  deps.goHome();
  return done;
}
