import { describe, expect, it } from 'vitest';
import { ConfigError } from '@noek/service-kit';
import { loadTemplateConfig } from './config';

describe('loadTemplateConfig', () => {
  const base = { DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/noek', KEYS_DIR: '/tmp/keys' };
  it('defaults the port', () => {
    expect(loadTemplateConfig(base).PORT).toBe(4099);
  });
  it('names the missing key', () => {
    expect(() => loadTemplateConfig({ DATABASE_URL: base.DATABASE_URL })).toThrow(ConfigError);
    expect(() => loadTemplateConfig({ DATABASE_URL: base.DATABASE_URL })).toThrow(/AUTH_PUBLIC_KEY/);
  });
});
