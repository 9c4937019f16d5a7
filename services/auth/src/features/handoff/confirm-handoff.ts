import type { AuthContext } from '../../context';
import { hashToken, safeEqual } from '../../crypto/tokens';

/** After the confirm step, time to finish in that browser (page load, the switch prompt). */
export const HANDOFF_FINISH_MS = 120_000;

export type ConfirmHandoffInput = {
  token: string;
  /** scheme://host:port this request reached (must be the origin the token was made on). */
  thisOrigin: string;
  /** This browser's origin-side handoff cookie. */
  originCookie: string | undefined;
  /** The proof the exchange gave the browser it bound (bindProof). */
  bind: string | undefined;
};

/**
 * What the exchange hands the browser it bound, in the confirm URL, and the confirm step asks for: derived
 * one way from that browser's cookie hash (kept only in auth's database), so no other browser can produce
 * it — in particular not the token's maker, who holds the origin cookie and knows the token.
 */
export function bindProof(targetBrowserHash: string): string {
  return hashToken(`handoff-bind:${targetBrowserHash}`);
}

/**
 * GET /api/auth/handoff/confirm?token=...: step 2 of the handoff, on the host that made the token.
 * It is confirmed only when this browser holds the cookie set when the token was made, a target
 * browser is already bound, and this browser brings that binding's proof (so it is the bound browser
 * too: the maker cannot confirm a token another browser bound, login CSRF); either way the browser goes back to the target site: with the same link
 * when confirmed (step 3 signs it in), without it otherwise (it stays as it was).
 * Answers the URL to redirect to (always one of the product's own sites).
 */
export async function confirmHandoff(ctx: AuthContext, input: ConfirmHandoffInput): Promise<string> {
  const claims = ctx.signer.verifyHandoff(input.token, null, 'login');
  if (!claims) return '/';
  const now = ctx.now();
  const row = await ctx.repos.handoffs.findLive({ jti: claims.jti, userId: claims.sub, now });
  if (!row || row.origin !== input.thisOrigin) return '/';
  const back = `${row.target}/`;
  const sameBrowser =
    !!input.originCookie &&
    !!row.originBrowserHash &&
    safeEqual(hashToken(input.originCookie), row.originBrowserHash);
  const bound =
    !!row.targetBrowserHash && !!input.bind && safeEqual(input.bind, bindProof(row.targetBrowserHash));
  if (!sameBrowser || !bound) {
    ctx.logger.warn({ jti: row.jti }, 'handoff confirm from another browser: refused');
    return back;
  }
  if (!row.confirmedAt && !(await ctx.repos.handoffs.confirm(row.jti, now, HANDOFF_FINISH_MS))) return back;
  return `${back}?auth_token=${encodeURIComponent(input.token)}&auth_action=login`;
}
