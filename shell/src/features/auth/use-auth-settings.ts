import { useQuery } from '@tanstack/react-query';
import { authApi } from './auth-api';

/** Default when the settings call fails: the screens still name a support address. */
export const FALLBACK_SUPPORT_EMAIL = 'support@noek.app';

/** The support address (and dev mailbox link, single-machine mode) from GET /api/auth/settings. */
export function useAuthSettings() {
  const q = useQuery({ queryKey: ['/api/auth/settings'], queryFn: authApi.settings, staleTime: Infinity });
  return {
    supportEmail: q.data?.supportEmail ?? FALLBACK_SUPPORT_EMAIL,
    devMailboxUrl: q.data?.devMailboxUrl ?? null,
  };
}
