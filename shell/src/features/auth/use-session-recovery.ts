import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '@noek/contracts';
import { setSessionRecovery, useToastStore } from '@noek/ui';
import { pageQueryClient } from '../../app/query-root';
import { useViewStore } from '../../app/view.store';
import { authApi } from './auth-api';
import { useSessionStore } from './session.store';
import { forgetUserCaches } from './sign-out';

/** What the sign-in screen's toast says when the server ended the session (services' own wording). */
export const SESSION_ENDED_TOAST = {
  title: 'Signed out',
  description: 'Your session has ended. Please sign in again.',
} as const;

/**
 * Registers the shell's answer to a 401 from any remote's call (@noek/ui session-recovery): /api/auth/me
 * renews an access token that expired or was replaced (a level change keeps the browser's session) and
 * the call is sent again; when the session itself ended (signed out everywhere, a password change or
 * reset, a block or ban) this browser signs out here too — caches gone, sign-in screen, and a toast saying
 * why — instead of failing the user's action in silence. A network failure changes nothing.
 */
export function useSessionRecovery(): void {
  const navigate = useNavigate();
  useEffect(() => {
    setSessionRecovery(async () => {
      // Signed out already (a sign-out's own calls still in flight): nothing to renew, nothing to say.
      if (!useSessionStore.getState().user) return false;
      try {
        useSessionStore.getState().setUser((await authApi.me()).user);
        return true;
      } catch (err) {
        if (!(err instanceof ApiError) || (err.status !== 401 && err.status !== 403)) return false;
        const userId = useSessionStore.getState().user?.id;
        pageQueryClient().clear();
        if (userId) forgetUserCaches(userId);
        useSessionStore.getState().clear();
        useViewStore.getState().setView('chat');
        navigate('/');
        useToastStore.getState().show({ ...SESSION_ENDED_TOAST, variant: 'destructive' });
        return false;
      }
    });
    return () => setSessionRecovery(undefined);
  }, [navigate]);
}
