import { act, cleanup, render, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '@noek/contracts';
import { createQueryClient } from '@noek/ui/query';
import { SessionSync } from './session-sync';
import { useSessionStore } from './session.store';
import { stubFetch } from './test-utils';
import { apiSend, useToastStore } from '@noek/ui';
import { apiRoutes } from '@noek/contracts/routes';
import { SESSION_ENDED_TOAST } from './use-session-recovery';
import { sampleUser } from '@noek/contracts/testing/sample-user';

const user = sampleUser();

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

function mount(path: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <SessionSync />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  useSessionStore.getState().clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('session sync', () => {
  it('revalidates a cached user with /api/auth/me and refreshes the record', async () => {
    useSessionStore.getState().setUser(user);
    stubFetch((_m, p) =>
      p === '/api/auth/me'
        ? { status: 200, body: { user: { ...user, accessLevel: 'supernoek' } } }
        : undefined,
    );
    mount('/');
    await waitFor(() => expect(useSessionStore.getState().user?.accessLevel).toBe('supernoek'));
  });

  it('drops a cached user the server no longer knows (401), and clears local storage', async () => {
    useSessionStore.getState().setUser(user);
    stubFetch(() => ({
      status: 401,
      body: { code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' },
    }));
    mount('/');
    await waitFor(() => expect(useSessionStore.getState().user).toBeNull());
    expect(localStorage.getItem(storageKeys.user())).toBeNull();
  });

  it('keeps the cached user when the network fails', async () => {
    useSessionStore.getState().setUser(user);
    const calls = stubFetch(() => 'network-error');
    mount('/');
    await waitFor(() => expect(calls.length).toBe(1));
    expect(useSessionStore.getState().user?.id).toBe(user.id);
  });

  it('does not call /me for a visitor without a cached record', async () => {
    const calls = stubFetch(() => undefined);
    mount('/');
    // The start-up effect decides before its first await; act flushes the effects and what they queued.
    await act(async () => {});
    expect(calls).toHaveLength(0);
  });

  it('exchanges a handoff token, stores the user and cleans the URL', async () => {
    const calls = stubFetch((_m, p) => {
      if (p === '/api/auth/handoff/exchange') return { status: 200, body: { user } };
      if (p === '/api/auth/me') return { status: 200, body: { user } };
      return undefined;
    });
    const view = mount('/subscribe?auth_token=tok&auth_action=login&plan=x');
    await waitFor(() => expect(view.getByTestId('where').textContent).toBe('/subscribe?plan=x'));
    expect(useSessionStore.getState().user?.id).toBe(user.id);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/auth/handoff/exchange',
      body: { token: 'tok' },
    });
  });

  it('signed out, a link asks first, naming its account; nothing is stored until the person agrees', async () => {
    const next = { name: 'Mallory', email: 'mallory@example.com' };
    const calls = stubFetch((_m, p, body) => {
      if (p !== '/api/auth/handoff/exchange') return undefined;
      const agreed = (body as { switchAccount?: boolean }).switchAccount === true;
      return { status: 200, body: agreed ? { user } : { switchAccount: { current: null, next } } };
    });
    const view = mount('/?auth_token=tok&auth_action=login');
    const prompt = await view.findByTestId('confirm-switch');
    expect(prompt.textContent).toContain('Sign in?');
    expect(prompt.textContent).toContain('mallory@example.com');
    expect(view.queryByTestId('confirm-switch-current')).toBeNull();
    expect(useSessionStore.getState().user).toBeNull();
    view.getByTestId('confirm-switch-stay').click();
    await waitFor(() => expect(view.queryByTestId('confirm-switch')).toBeNull());
    expect(useSessionStore.getState().user).toBeNull();
    expect(calls.filter((c) => c.path === '/api/auth/handoff/exchange')).toHaveLength(1);
  });

  it('a refused handoff token signs nobody in, and the URL is cleaned', async () => {
    stubFetch(() => ({ status: 401, body: { code: 'INVALID_HANDOFF', message: 'no' } }));
    const view = mount('/?auth_token=forged&auth_action=login');
    await waitFor(() => expect(view.getByTestId('where').textContent).toBe('/'));
    expect(useSessionStore.getState().user).toBeNull();
  });

  it('auth_action=logout clears the stored user', async () => {
    useSessionStore.getState().setUser(user);
    stubFetch(() => ({ status: 200, body: { message: 'Signed out' } }));
    const view = mount('/?auth_action=logout');
    await waitFor(() => expect(view.getByTestId('where').textContent).toBe('/'));
    expect(useSessionStore.getState().user).toBeNull();
  });

  describe("a 401 from a remote's call", () => {
    const ended = { status: 401, body: { code: 'UNAUTHENTICATED', message: 'Your session has ended.' } };

    it('renews the session through /api/auth/me and the call goes through (a level change keeps the session)', async () => {
      useSessionStore.getState().setUser(user);
      let renewed = false;
      const calls = stubFetch((_m, p) => {
        if (p === '/api/auth/me') {
          renewed = calls.length > 1; // the start-up revalidation is the first /me
          return { status: 200, body: { user: { ...user, accessLevel: 'supernoek' } } };
        }
        if (p === '/api/conversations') return renewed ? { status: 200, body: [] } : ended;
        return undefined;
      });
      mount('/');
      await waitFor(() => expect(calls.some((c) => c.path === '/api/auth/me')).toBe(true));
      const res = await apiSend(apiRoutes.conversations.list);
      expect(res.status).toBe(200);
      expect(calls.filter((c) => c.path === '/api/conversations')).toHaveLength(2);
      expect(useSessionStore.getState().user?.accessLevel).toBe('supernoek');
    });

    it('signs this browser out, saying why, when the session itself ended (block, ban, sign-out everywhere)', async () => {
      useSessionStore.getState().setUser(user);
      localStorage.setItem(storageKeys.conversations(user.id), '[]');
      let started = false;
      stubFetch((_m, p) => {
        if (p === '/api/auth/me') return started ? ended : { status: 200, body: { user } };
        if (p === '/api/conversations') return ended;
        return undefined;
      });
      const view = mount('/chat/7');
      await waitFor(() => expect(useSessionStore.getState().user).not.toBeNull());
      started = true;
      await expect(apiSend(apiRoutes.conversations.list)).rejects.toMatchObject({ status: 401 });
      expect(useSessionStore.getState().user).toBeNull();
      expect(localStorage.getItem(storageKeys.conversations(user.id))).toBeNull();
      await waitFor(() => expect(view.getByTestId('where').textContent).toBe('/'));
      expect(useToastStore.getState().toasts.at(-1)).toMatchObject(SESSION_ENDED_TOAST);
    });
  });
});
