import type { IncomingHttpHeaders } from 'node:http';
import { sessionCookies } from '@noek/contracts';

/** The access token's cookie (contracts' sessionCookies.access). */
export const ACCESS_COOKIE = sessionCookies.access;

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    try {
      return decodeURIComponent(raw);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * The access token of a request: `Authorization: Bearer` (API clients) or the `noek_access` cookie
 * (browsers). Read from raw headers so the gateway, which has no Express, uses the same rule.
 */
export function accessTokenFromHeaders(headers: IncomingHttpHeaders): string | undefined {
  const auth = headers.authorization;
  if (typeof auth === 'string' && /^Bearer /i.test(auth)) return auth.slice(7).trim() || undefined;
  const token = cookieValue(headers.cookie, ACCESS_COOKIE);
  return token && token.length > 0 ? token : undefined;
}
