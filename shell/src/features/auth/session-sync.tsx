import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError, type HandoffAccount } from '@noek/contracts';
import { authApi } from './auth-api';
import { endSessionFromOtherSite, redeemHandoffToken } from './handoff';
import { readHandoffQuery, withoutHandoffParams } from './handoff-query';
import { useSessionStore } from './session.store';
import { ConfirmSwitch } from './confirm-switch';
import { useSessionRecovery } from './use-session-recovery';

/** Access tokens live 15 minutes; renew well before. */
const KEEP_ALIVE_MS = 10 * 60_000;

function isSignedOutAnswer(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 401 || err.status === 403);
}

type SwitchPrompt = { token: string; current: HandoffAccount | null; next: HandoffAccount };

/**
 * Keeps the locally stored user honest (decisions.md: it is only a cache):
 * 1. a handoff in the URL (`auth_action=login&auth_token=…`) is used (handoff.ts: a round trip
 *    through the other site proves it is this browser's; another account signed in here is only
 *    replaced after asking); `auth_action=logout` clears the stored user and ends this browser's
 *    session only with a logout token of that user; the URL is cleaned either way;
 * 2. then GET /api/auth/me revalidates (or drops) the cached record, if there is one;
 * 3. while signed in, the session is renewed every 10 minutes and when the tab comes back;
 * 4. a 401 from any call renews the session or signs this browser out, saying why (use-session-recovery).
 */
export function SessionSync() {
  const navigate = useNavigate();
  const location = useLocation();
  const setUser = useSessionStore((s) => s.setUser);
  const clear = useSessionStore((s) => s.clear);
  const signedIn = useSessionStore((s) => s.user !== null);
  const started = useRef(false);
  const lastRenewal = useRef(0);
  const [prompt, setPrompt] = useState<SwitchPrompt | null>(null);
  useSessionRecovery();

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const handoff = readHandoffQuery(location.search);
    const clean = () =>
      navigate(
        { pathname: location.pathname, search: withoutHandoffParams(location.search), hash: location.hash },
        { replace: true },
      );
    const revalidate = async () => {
      try {
        setUser((await authApi.me()).user);
      } catch (err) {
        if (isSignedOutAnswer(err)) clear();
        // a network failure keeps the cached record: the next call will tell
      }
    };
    void (async () => {
      if (handoff?.auth_action === 'logout') {
        // Spec §4: the stored user is cleared; the server session ends only with proof (handoff.ts),
        // so a bare link ends nothing: /me restores the user whose session is still alive.
        clear();
        clean();
        await endSessionFromOtherSite(handoff.auth_token);
        await revalidate();
        return;
      }
      if (handoff?.auth_action === 'login') {
        const outcome = await redeemHandoffToken(handoff.auth_token);
        if (outcome.kind === 'leaving') return;
        if (outcome.kind === 'signed-in') setUser(outcome.user);
        if (outcome.kind === 'signed-in' && outcome.returnPath && outcome.returnPath !== location.pathname)
          navigate(outcome.returnPath, { replace: true });
        else clean();
        if (outcome.kind === 'ask') {
          // No /me now: answered after a switch, it would carry the old session's cookies.
          setPrompt({ token: handoff.auth_token, ...outcome });
          return;
        }
      }
      // Only a cached record needs revalidating; a visitor without one is signed out (and asking
      // would just log a 401 in the console on every visit).
      if (!useSessionStore.getState().user) return;
      await revalidate();
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

  if (!prompt) return null;
  return (
    <ConfirmSwitch
      current={prompt.current}
      next={prompt.next}
      onStay={() => setPrompt(null)}
      onSwitch={() => {
        const { token } = prompt;
        setPrompt(null);
        void redeemHandoffToken(token, true).then((outcome) => {
          if (outcome.kind !== 'signed-in') return;
          setUser(outcome.user);
          // The page the link asked for (e.g. the landing's /subscribe), kept through the round trip.
          if (outcome.returnPath && outcome.returnPath !== location.pathname)
            navigate(outcome.returnPath, { replace: true });
        });
      }}
    />
  );
}
