import { describe, expect, it } from 'vitest';
import type { ShellConfig } from '@noek/contracts';
import { siteUrlsFor } from './cross-site';

const config = (over: Partial<ShellConfig> = {}): ShellConfig => ({
  chatHosts: ['chat.noek.localhost'],
  marketingHosts: ['noek.localhost'],
  version: '1',
  ...over,
});

describe('siteUrlsFor', () => {
  it('uses the configured site URLs', () => {
    expect(
      siteUrlsFor(config({ chatUrl: 'https://chat.noek.example', marketingUrl: 'https://noek.example' }), {
        protocol: 'http:',
        port: '8080',
      }),
    ).toEqual({ chat: 'https://chat.noek.example', marketing: 'https://noek.example' });
  });

  it("else the first host of each list on this page's scheme and port", () => {
    expect(siteUrlsFor(config(), { protocol: 'http:', port: '18700' })).toEqual({
      chat: 'http://chat.noek.localhost:18700',
      marketing: 'http://noek.localhost:18700',
    });
    expect(siteUrlsFor(config({ marketingHosts: [] }), { protocol: 'https:', port: '' })).toEqual({
      chat: 'https://chat.noek.localhost',
      marketing: undefined,
    });
  });
});
