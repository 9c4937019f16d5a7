import type { HandoffAccount, User as SessionUser } from '@noek/contracts';
import { authApi } from './auth-api';

// Types only from the contracts' root: the host API's openSite (cross-site.ts) loads this with the
// first remote, the landing page's among them, which must not wait for every schema.
// Reading the handoff query needs its schema: handoff-query.ts, loaded with SessionSync.

/**
 * Going to the other site signed in (e.g. the landing's Try button, or its /subscribe): asks auth
 * for a signed single-use token bound to that host and adds it as `auth_token`/`auth_action=login`.
 * Signed out (or on failure) the plain URL is used.
 */
export async function urlWithHandoff(target: string): Promise<string> {
  const url = new URL(target, window.location.href);
  if (url.host === window.location.host) return url.toString();
  try {
    const { token } = await authApi.createHandoff(url.host);
    url.searchParams.set('auth_token', token);
    url.searchParams.set('auth_action', 'login');
  } catch {
    // not signed in here: the other site shows its own sign-in
  }
  return url.toString();
}

export type HandoffOutcome =
  | { kind: 'signed-in'; user: SessionUser; returnPath?: string }
  | { kind: 'leaving' }
  | { kind: 'ask'; current: HandoffAccount | null; next: HandoffAccount }
  | { kind: 'refused' };

const RETURN_KEY = 'noek:handoff-return';

/**
 * The confirm round trip comes back to the site's root: the page the link asked for (e.g. /subscribe from
 * the landing page's plan button) is kept in this tab's session storage, under the token it belongs to.
 */
function rememberReturnPath(token: string): void {
  try {
    sessionStorage.setItem(RETURN_KEY, JSON.stringify({ token, path: window.location.pathname }));
  } catch {
    // storage disabled: the user lands on the start page, signed in
  }
}

function takeReturnPath(token: string): string | undefined {
  try {
    const saved = JSON.parse(sessionStorage.getItem(RETURN_KEY) ?? 'null') as {
      token?: string;
      path?: string;
    } | null;
    sessionStorage.removeItem(RETURN_KEY);
    const path = saved?.token === token ? saved.path : undefined;
    // Only a path of this site (never //host or a scheme): no open redirect through storage.
    return path && path.startsWith('/') && !path.startsWith('//') ? path : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Uses a login handoff token. The first answer sends this browser through the site
 * that made the token (it checks that this is the browser that asked for it, then sends it back
 * here with the same link); the second signs in, or asks first when another account is signed in.
 */
export async function redeemHandoffToken(token: string, switchAccount = false): Promise<HandoffOutcome> {
  try {
    const answer = await authApi.exchangeHandoff(token, switchAccount);
    if ('confirmUrl' in answer) {
      rememberReturnPath(token);
      window.location.assign(answer.confirmUrl);
      return { kind: 'leaving' };
    }
    if ('switchAccount' in answer) return { kind: 'ask', ...answer.switchAccount };
    return { kind: 'signed-in', user: answer.user, returnPath: takeReturnPath(token) };
  } catch {
    return { kind: 'refused' };
  }
}

/**
 * `auth_action=logout`: with a logout token of the user signed in here, this browser's session on
 * this host ends; a bare link (or anyone else's token) ends nothing on the server.
 */
export async function endSessionFromOtherSite(token: string | undefined): Promise<void> {
  if (!token) return;
  await authApi.handoffLogout(token).catch(() => undefined);
}
