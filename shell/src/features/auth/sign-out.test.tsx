import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '@noek/contracts';
import { createQueryClient } from '@noek/ui/query';
import { signOut } from './sign-out';
import { stubFetch } from './test-utils';

function seedCaches() {
  localStorage.setItem(storageKeys.user(), '{"id":"u1"}');
  localStorage.setItem(storageKeys.theme(), 'dark');
  localStorage.setItem(storageKeys.conversations('u1'), '[{"id":1}]');
  localStorage.setItem(storageKeys.messages('u1', 1), '[{"id":5}]');
  localStorage.setItem(storageKeys.messages('u1', 22), '[]');
  localStorage.setItem(storageKeys.conversations('u2'), '[{"id":9}]');
  localStorage.setItem(storageKeys.messages('u2', 9), '[]');
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('sign-out (spec §4, issue 9)', () => {
  it("ends this browser's session and removes the user's cached conversations and messages", async () => {
    const calls = stubFetch(() => ({ status: 200, body: { message: 'Signed out' } }));
    seedCaches();
    const queryClient = createQueryClient();
    queryClient.setQueryData(['chat', 'conversations'], [{ id: 1 }]);
    const clearUser = vi.fn(() => localStorage.removeItem(storageKeys.user()));
    const goHome = vi.fn();
    await signOut({ queryClient, userId: 'u1', clearUser, goHome });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/auth/logout']);
    expect(localStorage.getItem(storageKeys.conversations('u1'))).toBeNull();
    expect(localStorage.getItem(storageKeys.messages('u1', 1))).toBeNull();
    expect(localStorage.getItem(storageKeys.messages('u1', 22))).toBeNull();
    expect(localStorage.getItem(storageKeys.user())).toBeNull();
    expect(queryClient.getQueryData(['chat', 'conversations'])).toBeUndefined();
    expect(goHome).toHaveBeenCalledOnce();
    // Another user's caches and the theme are not this sign-out's business.
    expect(localStorage.getItem(storageKeys.conversations('u2'))).not.toBeNull();
    expect(localStorage.getItem(storageKeys.messages('u2', 9))).not.toBeNull();
    expect(localStorage.getItem(storageKeys.theme())).toBe('dark');
  });

  it("'Sign out everywhere' asks the server to end every session, and cleans up the same", async () => {
    const calls = stubFetch(() => ({ status: 200, body: { message: 'Signed out everywhere' } }));
    seedCaches();
    await signOut({
      queryClient: createQueryClient(),
      userId: 'u1',
      clearUser: vi.fn(),
      goHome: vi.fn(),
      everywhere: true,
    });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/auth/logout-everywhere']);
    expect(localStorage.getItem(storageKeys.conversations('u1'))).toBeNull();
  });

  it('signs out locally even when the server cannot be reached', async () => {
    stubFetch(() => 'network-error');
    seedCaches();
    const clearUser = vi.fn();
    await signOut({ queryClient: createQueryClient(), userId: 'u1', clearUser, goHome: vi.fn() });
    expect(clearUser).toHaveBeenCalledOnce();
    expect(localStorage.getItem(storageKeys.messages('u1', 1))).toBeNull();
  });
});
