import { describe, expect, it } from 'vitest';
import { remotesManifestSchema } from './frontend/remotes-manifest.schema';
import { shellConfigSchema } from './frontend/shell-config.schema';
import { shellRuntimeConfigSchema, type ShellRuntimeConfig } from './gateway/runtime-config.schema';
import { messageLimits } from './constants';
import { accessLevels } from './entities/access-level.schema';

// Two helpers described the same JSON documents from each side; these checks keep them agreeing.
describe('gateway and shell read the same documents', () => {
  it('a /config.json the gateway serves is read by the shell', () => {
    const served: ShellRuntimeConfig = shellRuntimeConfigSchema.parse({
      marketingHosts: ['noek.localhost'],
      chatHosts: ['chat.localhost:8080'],
      version: '1.2.3',
    });
    const read = shellConfigSchema.parse(served);
    expect(read.chatHosts).toEqual(['chat.localhost:8080']);
    expect(read.marketingHosts).toEqual(['noek.localhost']);
  });
  it('the one remotes manifest schema takes same-origin paths and absolute URLs, for every remote', () => {
    const manifest = {
      remotes: {
        chat: '/remotes/chat/mf-manifest.json',
        admin: '/remotes/admin/mf-manifest.json',
        billing: 'https://cdn.example/billing/mf-manifest.json',
        marketing: '/remotes/marketing/mf-manifest.json',
      },
    };
    expect(remotesManifestSchema.parse(manifest)).toEqual(manifest);
    const { marketing: _, ...missing } = manifest.remotes;
    expect(remotesManifestSchema.safeParse({ remotes: missing }).success).toBe(false);
    const relative = { remotes: { ...manifest.remotes, chat: 'remotes/chat/mf-manifest.json' } };
    expect(remotesManifestSchema.safeParse(relative).success).toBe(false);
  });
});

describe('limits table', () => {
  it('has exactly one row per access level', () => {
    expect(Object.keys(messageLimits).sort()).toEqual([...accessLevels].sort());
  });
});
