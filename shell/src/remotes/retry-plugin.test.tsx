import { describe, expect, it } from 'vitest';
import { markRemoteRetry, retryPlugin } from './retry-plugin';

type CreateScript = (args: { url: string; attrs?: Record<string, unknown> }) => HTMLScriptElement | undefined;
const createScript = retryPlugin.createScript as unknown as CreateScript;

describe('retry plugin', () => {
  it('leaves scripts alone until a retry', () => {
    expect(createScript({ url: '/remotes/admin/remoteEntry.js' })).toBeUndefined();
  });

  it('drops the hung script tags of the retried remote only, and asks for fresh URLs', () => {
    for (const src of ['/remotes/chat/remoteEntry.js', '/remotes/billing/remoteEntry.js']) {
      const s = document.createElement('script');
      s.setAttribute('src', src);
      s.type = 'text/plain'; // keep happy-dom from fetching it
      document.head.appendChild(s);
    }
    markRemoteRetry('/remotes/chat/mf-manifest.json?retry=1');
    const left = Array.from(document.scripts).map((s) => new URL(s.src).pathname);
    expect(left).toEqual(['/remotes/billing/remoteEntry.js']);

    const script = createScript({
      url: `${location.origin}/remotes/chat/remoteEntry.js`,
      attrs: { crossorigin: 'anonymous' },
    });
    expect(script?.src).toBe(`${location.origin}/remotes/chat/remoteEntry.js?retry=1`);
    expect(script?.getAttribute('crossorigin')).toBe('anonymous');
    expect(createScript({ url: '/remotes/billing/remoteEntry.js' })).toBeUndefined();

    markRemoteRetry('/remotes/chat/mf-manifest.json?retry=2');
    expect(createScript({ url: '/remotes/chat/1.js' })?.src).toMatch(/\/remotes\/chat\/1\.js\?retry=2$/);
  });
});
