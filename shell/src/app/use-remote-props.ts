import { useContext, useMemo } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { toast } from '@noek/ui';
import { useSessionStore } from '../features/auth/session.store';
import { useSignOut } from '../features/auth/use-sign-out';
import type { HostApi, RemoteProps } from '@noek/contracts';
import type { SiteVariant } from './variant';
import {
  goToOtherSite,
  otherSiteLogoutUrl,
  otherSiteToSignOut,
  signOutOtherSite,
  siteUrlsFor,
} from './cross-site';
import { ShellConfigContext } from './shell-config-context';
import { useViewStore } from './view.store';

/** The one prop object every remote receives: who is signed in, where we are, and the host API. */
export function useRemoteProps(site: SiteVariant, screen?: string): RemoteProps {
  const navigate = useNavigate();
  const params = useParams();
  const user = useSessionStore((s) => s.user);
  const setUser = useSessionStore((s) => s.setUser);
  const signOut = useSignOut();
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
      // Spec §4: ends this browser's session, clears the query cache, the stored session and
      // the user's cached conversations and messages, then redirects the other host (cross-site.ts).
      signOut: () => {
        const other = otherSiteToSignOut(site, siteUrls);
        if (!other) return void signOut();
        // The other site's logout token is asked for while this session still lives, then both end.
        void otherSiteLogoutUrl(other).then(async (next) => {
          await signOut();
          signOutOtherSite(next);
        });
      },
      openSite: (url) => void goToOtherSite(url),
    }),
    [navigate, setView, setUser, signOut, site, siteUrls],
  );

  return useMemo(
    () => ({ site, user, view, screen, params, siteUrls, host }),
    [site, user, view, screen, params, siteUrls, host],
  );
}
