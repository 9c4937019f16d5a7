import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import type { RemoteName } from '@noek/contracts';
import { sampleUser } from '@noek/contracts/testing/sample-user';
import { createQueryClient } from '@noek/ui/query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../features/auth/session.store';
import { stubFetch } from '../features/auth/test-utils';
import type { RemoteApp, RemoteLoader } from '../remotes/remote-loader';
import { RemoteLoaderContext } from '../remotes/remote-slot';
import { ChatSite } from './chat-site';
import { MarketingRoutes } from './marketing-routes';
import './query-root';
import { PRERENDER_ID } from './remote-route-slot';
import { useViewStore } from './view.store';

/** Every remote loads except `down`, whose load fails as a blocked remoteEntry does. */
function loaderWith(down: RemoteName): RemoteLoader {
  return {
    peek: () => undefined,
    load: (key) => {
      if (key === down) return Promise.reject(new Error(`Loading script failed (${key})`));
      const App: RemoteApp = () => <h1 data-testid="remote">{key}</h1>;
      return Promise.resolve(App);
    },
  };
}

function renderSite(down: RemoteName, site: 'chat' | 'marketing', path = '/') {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <RemoteLoaderContext.Provider value={loaderWith(down)}>
        <MemoryRouter initialEntries={[path]}>
          {site === 'chat' ? <ChatSite /> : <MarketingRoutes />}
        </MemoryRouter>
      </RemoteLoaderContext.Provider>
    </QueryClientProvider>,
  );
}

let calls: ReturnType<typeof stubFetch>;
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  calls = stubFetch((method, path) =>
    method === 'POST' && path === '/api/auth/logout' ? { status: 200, body: {} } : undefined,
  );
  localStorage.clear();
  act(() => {
    useSessionStore.getState().setUser(sampleUser({ name: 'Ada', email: 'ada@example.com' }));
    useViewStore.getState().setView('chat');
  });
});
afterEach(() => {
  cleanup();
  document.getElementById(PRERENDER_ID)?.remove();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('a remote that fails leaves the rest of the page working', () => {
  it('chat down: the shell header stays above the fallback, and Sign out works', async () => {
    renderSite('chat', 'chat');
    await screen.findByTestId('remote-fallback-chat');
    const header = screen.getByTestId('shell-header');
    expect(header.textContent).toContain('ada@example.com');
    expect(screen.queryByRole('button', { name: 'Back to Chat' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(useSessionStore.getState().user).toBeNull());
    expect(screen.getByTestId('sign-in-screen')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/auth/logout')).toHaveLength(1));
  });

  it('admin down: the shell header offers Back to Chat', async () => {
    act(() => useSessionStore.getState().setUser(sampleUser({ accessLevel: 'admin' })));
    act(() => useViewStore.getState().setView('admin'));
    renderSite('admin', 'chat');
    await screen.findByTestId('remote-fallback-admin');
    fireEvent.click(screen.getByRole('button', { name: 'Back to Chat' }));
    expect((await screen.findByTestId('remote')).textContent).toBe('chat');
    expect(screen.queryByTestId('shell-header')).toBeNull();
  });

  it("billing down inside the account screen: the fallback only in billing's area, no second header", async () => {
    act(() => useViewStore.getState().setView('account'));
    renderSite('billing', 'chat');
    await screen.findByTestId('remote-fallback-billing');
    expect(screen.getByTestId('account-screen')).toBeTruthy();
    expect(screen.queryByTestId('shell-header')).toBeNull();
  });

  it('marketing down under the prerendered landing page: no false fallback box', async () => {
    const landing = document.createElement('div');
    landing.id = PRERENDER_ID;
    landing.textContent = 'Noek is in beta.';
    document.body.prepend(landing);
    renderSite('marketing', 'marketing');
    await waitFor(() => expect(console.error).toHaveBeenCalled());
    expect(screen.queryByTestId('remote-fallback-marketing')).toBeNull();
    expect(screen.queryByText(/unavailable right now/)).toBeNull();
    expect(document.getElementById(PRERENDER_ID)).not.toBeNull();
  });

  it('marketing down with no prerendered page: its fallback shows', async () => {
    renderSite('marketing', 'marketing');
    expect(await screen.findByTestId('remote-fallback-marketing')).toBeTruthy();
  });
});
