import type { Request, Response } from 'express';
import type { AuthSettings } from '../../context';

export const ACCESS_COOKIE = 'noek_access';
export const REFRESH_COOKIE = 'noek_refresh';
/** The refresh cookie only travels to auth's own endpoints. */
export const REFRESH_COOKIE_PATH = '/api/auth';

/** Reads one cookie from the Cookie header (no dependency; values are our own base64url/JWT). */
export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Secure when configured, or when the request came over HTTPS (X-Forwarded-Proto from the proxy). */
function base(settings: AuthSettings, res: Response) {
  return { httpOnly: true, secure: settings.cookieSecure || res.req.secure, sameSite: 'lax' as const };
}

export function setSessionCookies(
  res: Response,
  settings: AuthSettings,
  tokens: { access: string; refresh?: string; refreshExpiresAt?: Date },
): void {
  res.cookie(ACCESS_COOKIE, tokens.access, {
    ...base(settings, res),
    path: '/',
    maxAge: settings.accessTtlSec * 1000,
  });
  if (tokens.refresh && tokens.refreshExpiresAt) {
    res.cookie(REFRESH_COOKIE, tokens.refresh, {
      ...base(settings, res),
      path: REFRESH_COOKIE_PATH,
      expires: tokens.refreshExpiresAt,
    });
  }
}

export function clearSessionCookies(res: Response, settings: AuthSettings): void {
  res.clearCookie(ACCESS_COOKIE, { ...base(settings, res), path: '/' });
  res.clearCookie(REFRESH_COOKIE, { ...base(settings, res), path: REFRESH_COOKIE_PATH });
}
