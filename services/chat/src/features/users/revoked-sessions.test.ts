import { describe, expect, it } from 'vitest';
import { REVOCATION_KEPT_MS, RevokedSessions, revocationExpiry } from './revoked-sessions';
import { assertSessionNotRevoked } from './user-access';

describe('revoked sessions in memory', () => {
  const t0 = new Date('2026-01-01T10:00:00Z');
  it('refuses a revoked sid until its expiry, then forgets it', () => {
    const revoked = new RevokedSessions();
    revoked.add('s1', revocationExpiry(t0));
    expect(revoked.has('s1', t0)).toBe(true);
    expect(revoked.has('s2', t0)).toBe(false);
    expect(revoked.has(undefined, t0)).toBe(false);
    const later = new Date(t0.getTime() + REVOCATION_KEPT_MS);
    expect(revoked.has('s1', later)).toBe(false);
    revoked.prune(later);
    expect(revoked.size).toBe(0);
  });
  it('assertSessionNotRevoked answers 401 for a revoked sid only', () => {
    const revoked = new RevokedSessions();
    revoked.add('s1', revocationExpiry(t0));
    expect(() => assertSessionNotRevoked(revoked, { sessionId: 's1' }, t0)).toThrow(/sign in again/);
    expect(() => assertSessionNotRevoked(revoked, { sessionId: 's2' }, t0)).not.toThrow();
    expect(() => assertSessionNotRevoked(revoked, {}, t0)).not.toThrow();
  });
});
