import { DomainError, ForbiddenError } from '@noek/service-kit';
import { errorCodes, type HandoffAccount, type User as ApiUser } from '@noek/contracts';
import type { HandoffToken, User } from '../../generated/prisma/client';
import type { AuthContext } from '../../context';
import { isIssuedAfter } from '../../crypto/jwt';
import { hashToken, newOpaqueToken, safeEqual } from '../../crypto/tokens';
import { activeBan, toApiUser } from '../users/user.view';
import type { IssuedSession } from '../sessions/cookies';
import { signedInUser } from '../sessions/current-user';
import { issueSession } from '../sessions/issue-session';
import { logout } from '../sessions/logout';
import { bindProof } from './confirm-handoff';
import type { SessionCookiesIn } from '../sessions/me';

export const HANDOFF_REFUSED = 'This sign-in link is invalid or has expired. Please sign in.';

export type ExchangeHandoffInput = {
  token: string;
  switchAccount: boolean;
  /** This host's name (the token's audience) and the hostname of the page's Origin header. */
  host: string;
  originHostname: string | null;
  /** This browser's target-side handoff cookie, if any. */
  targetCookie: string | undefined;
  cookies: SessionCookiesIn;
};

export type ExchangeHandoffResult =
  | { kind: 'confirm'; confirmUrl: string; targetCookie?: string }
  | { kind: 'switch'; current: HandoffAccount | null; next: HandoffAccount }
  | { kind: 'signed-in'; user: ApiUser; session: IssuedSession };

const refused = () => new DomainError(errorCodes.invalidHandoff, 401, HANDOFF_REFUSED);
const account = (u: User): HandoffAccount => ({ name: u.name, email: u.email });
const same = (value: string | undefined, hash: string | null) =>
  !!value && !!hash && safeEqual(hashToken(value), hash);

/**
 * POST /api/auth/handoff/exchange: turns a handoff token into a session on this host, in three
 * steps: (1) the first browser to present it is bound to it (a cookie here) and sent
 * to confirm on the host that made it; (2) that host checks its own cookie and sends the browser
 * back; (3) the same browser, now proven to be the one that made the token, is signed in — after
 * asking, when another account is signed in here. Also refused unless the request comes from this
 * host's own pages, the token is a login handoff for this host, under 30 s old, and never used.
 */
export async function exchangeHandoff(
  ctx: AuthContext,
  input: ExchangeHandoffInput,
): Promise<ExchangeHandoffResult> {
  if (input.originHostname !== input.host) {
    throw new ForbiddenError(
      "Sign-in links can only be used from Noek's own pages.",
      errorCodes.foreignOrigin,
    );
  }
  // Signature, type, host and action first; the 30 s age holds until the token is confirmed in
  // its own browser, then the row's (extended) expiry does.
  const claims = ctx.signer.verifyHandoff(input.token, input.host, 'login', { anyAge: true });
  if (!claims) throw refused();
  const now = ctx.now();
  const row = await ctx.repos.handoffs.findLive({ jti: claims.jti, userId: claims.sub, now });
  if (!row || row.audience !== input.host || row.action !== 'login') throw refused();
  if (!row.confirmedAt && !ctx.signer.verifyHandoff(input.token, input.host, 'login')) throw refused();
  const user = await ctx.repos.users.findById(claims.sub);
  if (!user || !isIssuedAfter(claims.iat, user.sessionsValidAfter) || activeBan(user, now)) throw refused();
  if (!row.confirmedAt) return bindAndConfirm(ctx, row, input);
  if (!same(input.targetCookie, row.targetBrowserHash)) throw refused();
  const current = await currentAccount(ctx, input.cookies);
  // Never into an account without asking: signed out here, or signed in as someone else.
  if (current?.id !== user.id && !input.switchAccount) {
    return { kind: 'switch', current: current && account(current), next: account(user) };
  }
  if (!(await ctx.repos.handoffs.use(row.jti, now))) throw refused();
  if (current && current.id !== user.id) await logout(ctx, input.cookies);
  const session = await issueSession(ctx, ctx.repos, user, input.cookies.browser);
  return { kind: 'signed-in', user: toApiUser(user, now), session };
}

/**
 * Step 1: bind the token to this browser (first come only), then send it to the origin host with the
 * binding's proof, which only this browser is given.
 */
async function bindAndConfirm(
  ctx: AuthContext,
  row: HandoffToken,
  input: ExchangeHandoffInput,
): Promise<ExchangeHandoffResult> {
  const confirmUrl = (targetBrowserHash: string) =>
    `${row.origin}/api/auth/handoff/confirm?token=${encodeURIComponent(input.token)}&bind=${bindProof(targetBrowserHash)}`;
  if (row.targetBrowserHash) {
    if (!same(input.targetCookie, row.targetBrowserHash)) throw refused();
    return { kind: 'confirm', confirmUrl: confirmUrl(row.targetBrowserHash) };
  }
  const cookie = input.targetCookie ?? newOpaqueToken();
  const targetBrowserHash = hashToken(cookie);
  if (!(await ctx.repos.handoffs.bindTarget(row.jti, targetBrowserHash))) throw refused();
  return {
    kind: 'confirm',
    confirmUrl: confirmUrl(targetBrowserHash),
    targetCookie: input.targetCookie ? undefined : cookie,
  };
}

/** Who is signed in on this host now (access token, else a live refresh token). */
async function currentAccount(ctx: AuthContext, cookies: SessionCookiesIn): Promise<User | null> {
  const byAccess = await signedInUser(ctx, cookies.accessToken);
  if (byAccess) return byAccess.user;
  if (!cookies.refreshToken) return null;
  const row = await ctx.repos.sessions.findByToken(cookies.refreshToken);
  if (!row || row.revokedAt || row.expiresAt <= ctx.now()) return null;
  return ctx.repos.users.findById(row.userId);
}
