import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { storageKeys, type RemoteName, type User } from '@noek/contracts';
import { Toaster } from '@noek/ui';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../features/auth/session.store';
import { stubFetch } from '../features/auth/test-utils';
import { readStoredUser } from '../features/auth/stored-user';
import type { RemoteApp, RemoteLoader } from '../remotes/remote-loader';
import { RemoteLoaderContext } from '../remotes/remote-slot';
import { ChatSite } from './chat-site';
// Loaded on demand in the browser; loaded here so the first signed-in test's 1 s wait is not spent on it.
import './query-root';
import { createQueryClient } from '@noek/ui/query';
import { useViewStore } from './view.store';
import { sampleUser } from '@noek/contracts/testing/sample-user';

const user = sampleUser();

/** Each fake remote names itself and shows the screen and params the shell passed. */
const fakeLoader: RemoteLoader = {
  peek: () => undefined,
  load: (key: RemoteName) => {
    const App: RemoteApp = ({ screen: s, params, host }) => (
      <div>
        <h1 data-testid="remote">{[key, s, params.conversationId].filter(Boolean).join(' ')}</h1>
        <button onClick={() => host.toast({ title: 'Error', description: 'Failed', variant: 'destructive' })}>
          toast
        </button>
        <button onClick={() => host.signOut()}>sign out</button>
      </div>
    );
    return Promise.resolve(App);
  },
};

function renderAt(path: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <RemoteLoaderContext.Provider value={fakeLoader}>
        <MemoryRouter initialEntries={[path]}>
          <ChatSite />
        </MemoryRouter>
      </RemoteLoaderContext.Provider>
      <Toaster />
    </QueryClientProvider>,
  );
}

const signIn = (u: User = user) => act(() => useSessionStore.getState().setUser(u));

// The server at the network edge: signing out tells auth (and nothing here may reach a real port, where a
// refused connection would outlive the test).
let calls: ReturnType<typeof stubFetch>;
beforeEach(() => {
  calls = stubFetch((method, path) =>
    method === 'POST' && path === '/api/auth/logout'
      ? { status: 200, body: { message: 'Signed out' } }
      : undefined,
  );
  localStorage.clear();
  act(() => {
    useSessionStore.getState().clear();
    useViewStore.getState().setView('chat');
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('chat site routes (spec §2)', () => {
  it.each(['/', '/subscribe', '/chat/7', '/success'])('signed out, %s shows the sign-in screen', (path) => {
    renderAt(path);
    expect(screen.getByTestId('sign-in-screen')).toBeTruthy();
  });

  it.each([
    ['/', 'chat'],
    ['/chat/42', 'chat 42'],
    ['/subscribe', 'billing subscribe'],
    ['/success', 'billing success'],
  ])('signed in, %s mounts %s', async (path, shown) => {
    signIn();
    renderAt(path);
    expect((await screen.findByTestId('remote')).textContent).toBe(shown);
  });

  it('any other path shows the 404 page', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByTestId('not-found-page')).toBeTruthy();
  });

  it('toggles the account view and, for admins only, the admin dashboard in place of the chat', async () => {
    signIn();
    renderAt('/');
    act(() => useViewStore.getState().setView('account'));
    expect((await screen.findByTestId('remote')).textContent).toBe('billing account');
    act(() => useViewStore.getState().setView('admin'));
    expect((await screen.findByTestId('remote')).textContent).toBe('chat');
    signIn({ ...user, accessLevel: 'admin' });
    expect((await screen.findByTestId('remote')).textContent).toBe('admin');
  });
});

describe('host API given to remotes', () => {
  it('raises a toast in the shell and signs out back to the sign-in screen', async () => {
    signIn();
    renderAt('/chat/3');
    fireEvent.click(await screen.findByRole('button', { name: 'toast' }));
    expect(screen.getByTestId('toast').getAttribute('data-variant')).toBe('destructive');
    fireEvent.click(screen.getByRole('button', { name: 'sign out' }));
    expect(screen.getByTestId('sign-in-screen')).toBeTruthy();
    expect(localStorage.getItem(storageKeys.user())).toBeNull();
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/auth/logout')).toHaveLength(1));
  });
});

describe('session store', () => {
  it('reads the locally stored user record, and treats a malformed one as signed out', () => {
    localStorage.setItem(storageKeys.user(), JSON.stringify(user));
    expect(readStoredUser()).toEqual(user);
    localStorage.setItem(storageKeys.user(), '{"id":');
    expect(readStoredUser()).toBeNull();
    localStorage.setItem(storageKeys.user(), JSON.stringify({ name: 'no id' }));
    expect(readStoredUser()).toBeNull();
  });
});
