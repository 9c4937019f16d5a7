import type { ShellConfig } from '@noek/contracts';
import { authApi } from '../features/auth/auth-api';
import { urlWithHandoff } from '../features/auth/handoff';
import type { SiteVariant } from './variant';

export interface SiteUrls {
  chat?: string;
  marketing?: string;
}

/** This origin remembers it handed a session to the other site (so its logout must reach there too). */
const LINKED_KEY = 'noek:linked-site';

interface Here {
  protocol: string;
  port: string;
}

function firstHostUrl(hosts: readonly string[], here: Here): string | undefined {
  const host = hosts.find((h) => h && !h.includes('*') && !h.includes(':'));
  return host ? `${here.protocol}//${host}${here.port ? `:${here.port}` : ''}` : undefined;
}

/**
 * Each site's base URL for cross-site links: the configured CHAT_SITE_URL / MARKETING_SITE_URL, or
 * else the first host of CHAT_HOSTS / MARKETING_HOSTS on this page's scheme and port (one gateway
 * serving both hosts, as `npm start` and the journeys do: noek.localhost ⇄ localhost).
 */
export function siteUrlsFor(config: ShellConfig, here: Here = window.location): SiteUrls {
  return {
    chat: config.chatUrl ?? firstHostUrl(config.chatHosts, here),
    marketing: config.marketingUrl ?? firstHostUrl(config.marketingHosts, here),
  };
}

function remember<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined; // storage disabled: the other site's session then ends at its own logout or expiry
  }
}

/**
 * Host API `openSite`: leave for the other site, signed in there when signed in here (the signed
 * single-use handoff of features/auth/handoff.ts; never re-implemented here).
 */
export async function goToOtherSite(url: string): Promise<void> {
  const target = await urlWithHandoff(url);
  if (new URL(target).searchParams.has('auth_token'))
    remember(() => localStorage.setItem(LINKED_KEY, new URL(target).origin));
  window.location.assign(target);
}

/**
 * Spec §4: logout "redirects the other host", when it may hold a session: always from the marketing site
 * (it is only ever signed in through the chat site), from the chat site once it has handed a session to the
 * marketing site. The other site's root, or null when there is nothing to end there.
 */
export function otherSiteToSignOut(site: SiteVariant, urls: SiteUrls): URL | null {
  const linked = remember(() => localStorage.getItem(LINKED_KEY));
  const other = site === 'marketing' ? urls.chat : (linked ?? undefined);
  if (!other) return null;
  const url = new URL('/', other);
  return url.origin === window.location.origin ? null : url;
}

/**
 * Asked BEFORE this site's session ends: the other site's URL with `?auth_action=logout` and a signed logout
 * token of this user (a bare link ends nothing there).
 */
export async function otherSiteLogoutUrl(other: URL): Promise<string> {
  const url = new URL(other);
  url.searchParams.set('auth_action', 'logout');
  try {
    url.searchParams.set('auth_token', (await authApi.createLogoutHandoff(url.host)).token);
  } catch {
    // not signed in here any more: the other site clears its stored record, its session ends on its own
  }
  return url.toString();
}

/** After this site's session ended: go to the other site's logout URL (from otherSiteLogoutUrl), if any. */
export function signOutOtherSite(logoutUrl: string | null): boolean {
  remember(() => localStorage.removeItem(LINKED_KEY));
  if (!logoutUrl) return false;
  window.location.assign(logoutUrl);
  return true;
}
