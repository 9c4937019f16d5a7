import { handoffQuerySchema, type HandoffQuery } from '@noek/contracts';

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
