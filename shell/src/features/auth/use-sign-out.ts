import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useViewStore } from '../../app/view.store';
import { useSessionStore } from './session.store';
import { signOut } from './sign-out';

/** Signs out (this browser, or `everywhere`) and goes to the chat site's start, signed out. */
export function useSignOut(): (options?: { everywhere?: boolean }) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const clear = useSessionStore((s) => s.clear);
  const setView = useViewStore((s) => s.setView);
  return useCallback(
    (options = {}) =>
      signOut({
        queryClient,
        userId: useSessionStore.getState().user?.id ?? null,
        clearUser: clear,
        everywhere: options.everywhere,
        goHome: () => {
          setView('chat');
          navigate('/');
        },
      }),
    [queryClient, clear, setView, navigate],
  );
}
