import { useContext, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { toast } from '@noek/ui';
import { useSessionStore } from '../features/auth/session.store';
import { signOut } from '../features/auth/sign-out';
import type { HostApi, RemoteProps } from '@noek/contracts';
import type { SiteVariant } from './variant';
import { goToOtherSite, signOutOtherSite, siteUrlsFor } from './cross-site';
import { ShellConfigContext } from './shell-config-context';
import { useViewStore } from './view.store';

/** The one prop object every remote receives: who is signed in, where we are, and the host API. */
export function useRemoteProps(site: SiteVariant, screen?: string): RemoteProps {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const params = useParams();
  const user = useSessionStore((s) => s.user);
  const setUser = useSessionStore((s) => s.setUser);
  const clear = useSessionStore((s) => s.clear);
  const view = useViewStore((s) => s.view);
  const setView = useViewStore((s) => s.setView);
  const config = useContext(ShellConfigContext);
  const siteUrls = useMemo(() => siteUrlsFor(config), [config]);

  const host = useMemo<HostApi>(
    () => ({
      navigate: (to, options) => navigate(to, { replace: options?.replace }),
      toast: (t) => void toast(t),
      setView,
      setUser,
      // Spec §4: logout ends the session on the server, clears the query cache and the stored
      // session, then redirects the other host (cross-site.ts) once this host's call is done.
      signOut: () =>
        void signOut({
          queryClient,
          clearUser: clear,
          goHome: () => {
            setView('chat');
            navigate('/');
          },
        }).then(() => signOutOtherSite(site, siteUrls)),
      openSite: (url) => void goToOtherSite(url),
    }),
    [navigate, queryClient, setView, setUser, clear, site, siteUrls],
  );

  return useMemo(
    () => ({ site, user, view, screen, params, siteUrls, host }),
    [site, user, view, screen, params, siteUrls, host],
  );
}
