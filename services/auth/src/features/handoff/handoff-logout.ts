import type { AuthContext } from '../../context';
import { signedInUser } from '../sessions/current-user';
import { logout } from '../sessions/logout';
import type { SessionCookiesIn } from '../sessions/me';

export type HandoffLogoutInput = { token: string; host: string; cookies: SessionCookiesIn };

/**
 * POST /api/auth/handoff/logout (`auth_action=logout&auth_token=...`): the other site asks this host
 * to sign its browser out too. Only with a logout token of the user signed in here (proof that it
 * came from that user's session on our other site), and only this browser's session ends: never
 * other devices. A bare link, or someone else's token, ends nothing. Answers whether it ended one.
 */
export async function handoffLogout(ctx: AuthContext, input: HandoffLogoutInput): Promise<boolean> {
  const claims = ctx.signer.verifyHandoff(input.token, input.host, 'logout');
  if (!claims) return false;
  const current = await signedInUser(ctx, input.cookies.accessToken);
  if (!current || current.user.id !== claims.sub) return false;
  const now = ctx.now();
  const row = await ctx.repos.handoffs.findLive({ jti: claims.jti, userId: claims.sub, now });
  if (!row || row.action !== 'logout' || !(await ctx.repos.handoffs.use(row.jti, now))) return false;
  await logout(ctx, input.cookies);
  return true;
}
