import { handoffQuerySchema, type HandoffQuery } from '@noek/contracts';
import { authApi } from './auth-api';

/** The spec §4 handoff parameters in a URL's query, or null when absent or malformed. */
export function readHandoffQuery(search: string): HandoffQuery | null {
  const params = new URLSearchParams(search);
  if (!params.has('auth_action')) return null;
  const parsed = handoffQuerySchema.safeParse({
    auth_action: params.get('auth_action'),
    auth_token: params.get('auth_token') ?? undefined,
  });
  return parsed.success ? parsed.data : null;
}

/** The same query without the handoff parameters (the URL is cleaned after use). */
export function withoutHandoffParams(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('auth_token');
  params.delete('auth_action');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

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
