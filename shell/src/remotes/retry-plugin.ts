import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * A remoteEntry.js that never answered leaves a pending <script> the runtime reuses for the same
 * URL (and Chromium holds a cache lock on it), so a Retry would wait on it again. Before a retry
 * we drop that remote's script tags, and this runtime plugin asks for its scripts with
 * `?retry=N`, a URL nothing is waiting on.
 */
const retries = new Map<string, number>(); // the remote's base URL (directory of its manifest) → N

const baseOf = (url: string) => new URL('.', new URL(url, window.location.href)).href;

export function markRemoteRetry(manifestUrl: string): void {
  const base = baseOf(manifestUrl);
  retries.set(base, (retries.get(base) ?? 0) + 1);
  for (const script of Array.from(document.scripts)) if (script.src.startsWith(base)) script.remove();
}

export const retryPlugin: ModuleFederationRuntimePlugin = {
  name: 'noek-remote-retry',
  createScript({ url, attrs }) {
    const n = retries.get(baseOf(url));
    if (!n) return undefined;
    const src = new URL(url, window.location.href);
    src.searchParams.set('retry', String(n));
    const script = document.createElement('script');
    script.src = src.href;
    for (const [name, value] of Object.entries(attrs ?? {})) {
      if (name === 'async' || name === 'defer') script[name] = Boolean(value);
      else script.setAttribute(name, String(value));
    }
    return script;
  },
};
