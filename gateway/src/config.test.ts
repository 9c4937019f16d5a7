import { describe, expect, it } from 'vitest';
import { ConfigError } from '@noek/service-kit';
import { loadGatewayConfig, repoRoot } from './config';

describe('loadGatewayConfig', () => {
  it('has working defaults', () => {
    const c = loadGatewayConfig({});
    expect(c.port).toBe(8080);
    expect(c.upstreams).toEqual({
      auth: 'http://127.0.0.1:4001',
      chat: 'http://127.0.0.1:4002',
      billing: 'http://127.0.0.1:4003',
      admin: 'http://127.0.0.1:4004',
    });
    expect(c.upstreamTimeoutMs).toBe(30_000);
    expect(c.maxBodyBytes).toBe(1_048_576);
    expect(c.originCheckExemptPaths).toEqual(['/api/payment/webhook']);
    expect(c.shellDistDir).toBe(`${repoRoot}shell/dist`);
    expect(c.remoteDistDirs.chat).toBe(`${repoRoot}mfe-chat/dist`);
    expect(c.trustHttps).toBe(false);
  });

  it("allows Stripe's script and frames in the CSP only when a real publishable key is configured", () => {
    expect(loadGatewayConfig({}).csp).toEqual({ scriptSrc: [], connectSrc: [], frameSrc: [] });
    const c = loadGatewayConfig({
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
      CSP_FRAME_SRC: 'https://x.example',
    });
    expect(c.csp.scriptSrc).toContain('https://js.stripe.com');
    expect(c.csp.connectSrc).toEqual(['https://api.stripe.com']);
    expect(c.csp.frameSrc).toEqual([
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
      'https://x.example',
    ]);
  });

  it('parses lists, hosts and remote folders', () => {
    const c = loadGatewayConfig({
      ALLOWED_ORIGINS: 'https://a.example, https://b.example:8443',
      CHAT_HOSTS: 'Chat.Example.com,chat.localhost:8080',
      REMOTE_DIST_DIRS: 'admin=/srv/admin,chat=/srv/chat',
      CHAT_URL: 'http://chat:4002/',
      TRUST_HTTPS: 'true',
    });
    expect(c.allowedOrigins).toEqual(['https://a.example', 'https://b.example:8443']);
    expect(c.chatHosts).toEqual(['chat.example.com', 'chat.localhost:8080']);
    expect(c.remoteDistDirs.admin).toBe('/srv/admin');
    expect(c.remoteDistDirs.billing).toBe(`${repoRoot}mfe-billing/dist`);
    expect(c.upstreams.chat).toBe('http://chat:4002');
    expect(c.trustHttps).toBe(true);
  });

  it('names every bad variable', () => {
    let error: unknown;
    try {
      loadGatewayConfig({
        AUTH_URL: 'ftp://x',
        ALLOWED_ORIGINS: 'https://a.example/path',
        CHAT_HOSTS: 'bad host',
        REMOTE_DIST_DIRS: 'shop=/x',
        CSP_SCRIPT_SRC: "'self'; script-src *",
        UPSTREAM_TIMEOUT_MS: 'soon',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const names = (error as ConfigError).problems.map((p) => p.variable.split('.')[0]);
    expect(names).toEqual(
      expect.arrayContaining([
        'AUTH_URL',
        'ALLOWED_ORIGINS',
        'CHAT_HOSTS',
        'REMOTE_DIST_DIRS',
        'CSP_SCRIPT_SRC',
        'UPSTREAM_TIMEOUT_MS',
      ]),
    );
  });

  it('takes several upstream addresses per service as a comma-separated list, each one checked', () => {
    const c = loadGatewayConfig({ CHAT_URL: 'http://10.0.0.1:4002/, http://10.0.0.2:4002' });
    expect(c.upstreams.chat).toBe('http://10.0.0.1:4002,http://10.0.0.2:4002');
    for (const bad of ['http://10.0.0.1:4002,ftp://x', 'http://10.0.0.1:4002,,', ' , ']) {
      expect(() => loadGatewayConfig({ CHAT_URL: bad })).toThrow(ConfigError);
    }
  });
});
