import jwt from 'jsonwebtoken';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SERVICE_TOKEN_TTL_SEC, SERVICE_TOKEN_TYP } from '@noek/contracts';
import { createServiceTokens } from './service-token';
import { es256KeyPair } from '@noek/service-kit';

const { privateKey, publicKey } = es256KeyPair();
afterEach(() => vi.useRealTimers());

describe("the admin service's tokens for auth and chat", () => {
  it('say who calls (admin) and for whom (audience), signed ES256, short-lived', () => {
    const tokens = createServiceTokens(privateKey);
    for (const audience of ['auth', 'chat'] as const) {
      const claims = jwt.verify(tokens(audience), publicKey, {
        algorithms: ['ES256'],
        audience,
      }) as jwt.JwtPayload;
      expect(claims).toMatchObject({ sub: 'admin', aud: audience, typ: SERVICE_TOKEN_TYP });
      expect(claims.exp! - claims.iat!).toBe(SERVICE_TOKEN_TTL_SEC);
    }
    // A token for chat is not one for auth.
    expect(() => jwt.verify(tokens('chat'), publicKey, { audience: 'auth' })).toThrow();
  });

  it('are reused for half their life, then a fresh one is signed', () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T00:00:00Z') });
    const tokens = createServiceTokens(privateKey);
    const first = tokens('auth');
    vi.advanceTimersByTime((SERVICE_TOKEN_TTL_SEC * 1000) / 2 - 1);
    expect(tokens('auth')).toBe(first);
    expect(tokens('chat')).not.toBe(first);
    vi.advanceTimersByTime(2);
    const renewed = tokens('auth');
    expect(renewed).not.toBe(first);
    const claims = jwt.decode(renewed) as jwt.JwtPayload;
    expect(claims.exp! * 1000).toBeGreaterThan(Date.now());
  });
});
