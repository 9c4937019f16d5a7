import type { SiteVariant } from '@noek/contracts';

export type { SiteVariant };

export interface HostLists {
  chatHosts: readonly string[];
  marketingHosts: readonly string[];
}

/** Lower-case, no IPv6 brackets, no port, no trailing dot: how hosts are compared. */
export function normalizeHost(host: string): string {
  let h = host.trim().toLowerCase();
  if (h.startsWith('[')) h = h.slice(1, h.indexOf(']') === -1 ? undefined : h.indexOf(']'));
  else if (h.split(':').length === 2) h = h.slice(0, h.indexOf(':')); // name:port; bare IPv6 has 2+ colons
  return h.replace(/\.$/, '');
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * Loopback names and CHAT_HOSTS show the chat app; MARKETING_HOSTS (e.g. noek.localhost) show the
 * landing page. A host in neither list shows the chat app: the product stays usable on a host
 * someone forgot to list, and the marketing site is opt-in.
 */
export function pickVariant(hostname: string, lists: HostLists): SiteVariant {
  const host = normalizeHost(hostname);
  const has = (list: readonly string[]) => list.some((h) => normalizeHost(h) === host);
  if (isLoopback(host) || has(lists.chatHosts)) return 'chat';
  if (has(lists.marketingHosts)) return 'marketing';
  return 'chat';
}
