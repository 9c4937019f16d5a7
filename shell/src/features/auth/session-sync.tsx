import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '@noek/contracts';
import { authApi } from './auth-api';
import { readHandoffQuery, withoutHandoffParams } from './handoff';
import { useSessionStore } from './session.store';

/** Access tokens live 15 minutes; renew well before. */
const KEEP_ALIVE_MS = 10 * 60_000;

function isSignedOutAnswer(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 401 || err.status === 403);
}

/**
 * Keeps the locally stored user honest (decisions.md: it is only a cache):
 * 1. a handoff in the URL (`auth_action=login&auth_token=…`) is exchanged for a session on this
 *    host, `auth_action=logout` clears the stored user; the URL is cleaned either way;
 * 2. then GET /api/auth/me revalidates (or drops) the cached record, if there is one;
 * 3. while signed in, the session is renewed every 10 minutes and when the tab comes back.
 */
export function SessionSync() {
  const navigate = useNavigate();
  const location = useLocation();
  const setUser = useSessionStore((s) => s.setUser);
  const clear = useSessionStore((s) => s.clear);
  const signedIn = useSessionStore((s) => s.user !== null);
  const started = useRef(false);
  const lastRenewal = useRef(0);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const handoff = readHandoffQuery(location.search);
    const clean = () =>
      navigate(
        { pathname: location.pathname, search: withoutHandoffParams(location.search), hash: location.hash },
        { replace: true },
      );
    void (async () => {
      if (handoff?.auth_action === 'logout') {
        clear();
        clean();
        await authApi.logout().catch(() => undefined);
        return;
      }
      if (handoff?.auth_action === 'login') {
        await authApi.exchangeHandoff(handoff.auth_token).then(
          ({ user }) => setUser(user),
          () => undefined,
        );
        clean();
      }
      // Only a cached record needs revalidating; a visitor without one is signed out (and asking
      // would just log a 401 in the console on every visit).
      if (!useSessionStore.getState().user) return;
      try {
        setUser((await authApi.me()).user);
      } catch (err) {
        if (isSignedOutAnswer(err)) clear();
        // a network failure keeps the cached record: the next call will tell
      }
    })();
  }, [location, navigate, setUser, clear]);

  useEffect(() => {
    if (!signedIn) return;
    lastRenewal.current = Date.now();
    const renew = () => {
      lastRenewal.current = Date.now();
      authApi.refresh().then(
        ({ user }) => setUser(user),
        (err: unknown) => {
          if (isSignedOutAnswer(err)) clear();
        },
      );
    };
    const timer = setInterval(renew, KEEP_ALIVE_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible' && Date.now() - lastRenewal.current > KEEP_ALIVE_MS) renew();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [signedIn, setUser, clear]);

  return null;
}
