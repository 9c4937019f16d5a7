import { describe, expect, it } from 'vitest';
import { ConfigError } from '@noek/service-kit';
import { loadChatConfig } from './config';

const base = { DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/noek' };

describe('chat config', () => {
  it('names a missing key source and bad values', () => {
    expect(() => loadChatConfig(base)).toThrow(ConfigError);
    expect(() => loadChatConfig(base)).toThrow(/AUTH_PUBLIC_KEY/);
    expect(() => loadChatConfig({ ...base, KEYS_DIR: '/k', OPENAI_BASE_URL: 'not a url' })).toThrow(
      /OPENAI_BASE_URL/,
    );
  });
  it('defaults to the offline responder settings', () => {
    const c = loadChatConfig({ ...base, KEYS_DIR: '/k' });
    expect(c).toMatchObject({ PORT: 4002, OPENAI_MODEL: 'gpt-4o-mini', MODEL_MAX_RETRIES: 2 });
    expect(c.OPENAI_API_KEY).toBeUndefined();
  });
});
