import type { AuthSettings } from '../../context';

export const ACCESS_COOKIE = 'noek_access';
export const REFRESH_COOKIE = 'noek_refresh';
/** Set at sign-in: which browser a session belongs to (the refresh grace holds only for it). */
export const BROWSER_COOKIE = 'noek_browser';
/** Set on the host that makes a handoff token, and on the host that first receives it. */
export const HANDOFF_ORIGIN_COOKIE = 'noek_handoff_origin';
export const HANDOFF_TARGET_COOKIE = 'noek_handoff_target';
/** The refresh and browser cookies only travel to auth's own endpoints. */
export const REFRESH_COOKIE_PATH = '/api/auth';
export const HANDOFF_COOKIE_PATH = '/api/auth/handoff';

/** What the routes files need of Express's Response (structural: this file never sees Express). */
export type CookieWriter = {
  cookie(name: string, value: string, options: Record<string, unknown>): unknown;
  clearCookie(name: string, options: Record<string, unknown>): unknown;
  /** The request: `secure` when it came over HTTPS (X-Forwarded-Proto from the gateway). */
  req?: { secure?: boolean };
};

/** The cookies a request carried, as plain values for the use cases. */
export type RequestCookies = Partial<Record<string, string>>;

/** Parses a Cookie header (no dependency; values are our own base64url/JWT). */
export function parseCookies(header: string | undefined): RequestCookies {
  const out: RequestCookies = {};
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (name in out) continue;
    try {
      out[name] = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      // a value we did not write: ignore it
    }
  }
  return out;
}

/** A session as use cases hand it back: the routes file writes it as cookies. */
export type IssuedSession = {
  access: string;
  /** Absent when only the access token was renewed (refresh grace). */
  refresh?: { token: string; expiresAt: Date };
  /** A new browser cookie value, when the browser had none. */
  browser?: string;
};

/**
 * HttpOnly, SameSite=Lax; Secure when the product is served over HTTPS (settings.cookieSecure,
 * derived from APP_ORIGIN) or this request came over HTTPS.
 */
function base(settings: AuthSettings, res: CookieWriter) {
  return {
    httpOnly: true,
    secure: settings.cookieSecure || res.req?.secure === true,
    sameSite: 'lax' as const,
  };
}

export function writeSession(res: CookieWriter, settings: AuthSettings, s: IssuedSession): void {
  res.cookie(ACCESS_COOKIE, s.access, {
    ...base(settings, res),
    path: '/',
    maxAge: settings.accessTtlSec * 1000,
  });
  if (s.refresh) {
    res.cookie(REFRESH_COOKIE, s.refresh.token, {
      ...base(settings, res),
      path: REFRESH_COOKIE_PATH,
      expires: s.refresh.expiresAt,
    });
  }
  if (s.browser) {
    res.cookie(BROWSER_COOKIE, s.browser, {
      ...base(settings, res),
      path: REFRESH_COOKIE_PATH,
      maxAge: settings.refreshTtlMs,
    });
  }
}

export function clearSession(res: CookieWriter, settings: AuthSettings): void {
  res.clearCookie(ACCESS_COOKIE, { ...base(settings, res), path: '/' });
  res.clearCookie(REFRESH_COOKIE, { ...base(settings, res), path: REFRESH_COOKIE_PATH });
}

/** The short-lived handoff binding cookies (origin: a day, reused by every handoff; target: 2 min). */
export function writeHandoffCookie(
  res: CookieWriter,
  settings: AuthSettings,
  which: 'origin' | 'target',
  value: string,
): void {
  res.cookie(which === 'origin' ? HANDOFF_ORIGIN_COOKIE : HANDOFF_TARGET_COOKIE, value, {
    ...base(settings, res),
    path: HANDOFF_COOKIE_PATH,
    maxAge: which === 'origin' ? 86_400_000 : 120_000,
  });
}
