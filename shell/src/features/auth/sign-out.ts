import type { QueryClient } from '@tanstack/react-query';
import { authApi } from './auth-api';

/**
 * Spec §4: logout clears the query cache and the stored session. The server call (its failure is
 * ignored, spec §7) is sent first, so it still carries the session cookies; the screen changes at
 * once without waiting for it. It ends every session of the user (all devices and both hosts: the
 * other host's cached record is dropped the next time it revalidates with /api/auth/me), so no
 * redirect through the other host is needed.
 */
export function signOut(deps: {
  queryClient: QueryClient;
  clearUser: () => void;
  goHome: () => void;
}): Promise<void> {
  const done = authApi.logout().then(
    () => undefined,
    () => undefined,
  );
  deps.queryClient.clear();
  deps.clearUser();
  deps.goHome();
  return done;
}
