import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { RemoteName, RemoteProps } from '@noek/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RemoteApp, RemoteLoader } from './remote-loader';
import { RemoteSlot } from './remote-slot';

const props = {
  site: 'chat',
  user: null,
  view: 'chat',
  params: {},
  siteUrls: {},
  host: { navigate: vi.fn(), toast: vi.fn(), setView: vi.fn(), setUser: vi.fn(), signOut: vi.fn() },
} satisfies RemoteProps;

const Chat: RemoteApp = () => <h1>Chat</h1>;

/** A loader driven by the test: each load() answers with the next scripted outcome. */
function scriptedLoader(...outcomes: Array<'hang' | Error | RemoteApp>) {
  const calls: Array<{ key: RemoteName; fresh: boolean }> = [];
  const loader: RemoteLoader = {
    peek: () => undefined,
    load: (key, options) => {
      calls.push({ key, fresh: options?.fresh === true });
      const next = outcomes.shift() ?? 'hang';
      if (next === 'hang') return new Promise<RemoteApp>(() => {});
      return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
    },
  };
  return { loader, calls };
}

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('RemoteSlot', () => {
  it('renders the remote once it loads', async () => {
    const { loader } = scriptedLoader(Chat);
    render(<RemoteSlot name="chat" props={props} loader={loader} />);
    expect(screen.getByTestId('remote-loading-chat')).toBeTruthy();
    expect((await screen.findByRole('heading')).textContent).toBe('Chat');
  });

  it('shows the fallback when a remote never answers, then recovers on Retry', async () => {
    vi.useFakeTimers();
    const { loader, calls } = scriptedLoader('hang', Chat);
    render(<RemoteSlot name="chat" props={props} loader={loader} timeoutMs={8000} />);
    await act(() => vi.advanceTimersByTimeAsync(7900));
    expect(screen.queryByTestId('remote-fallback-chat')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.getByTestId('remote-fallback-chat')).toBeTruthy();
    expect(screen.getByTestId('remote-error-chat').textContent).toMatch(/within 8 s/);

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('heading').textContent).toBe('Chat');
    // The retry asks the loader to forget the hung attempt.
    expect(calls).toEqual([
      { key: 'chat', fresh: false },
      { key: 'chat', fresh: true },
    ]);
  });

  it('shows the fallback when loading fails (remote down)', async () => {
    const { loader } = scriptedLoader(new Error('Failed to fetch'));
    render(<RemoteSlot name="billing" props={props} loader={loader} />);
    expect((await screen.findByTestId('remote-fallback-billing')).textContent).toContain('Failed to fetch');
  });

  it('catches a remote that crashes while rendering, and Retry renders it again', async () => {
    let crash = true;
    const Flaky: RemoteApp = () => {
      if (crash) throw new Error('boom');
      return <h1>Admin</h1>;
    };
    const { loader } = scriptedLoader(Flaky, Flaky);
    render(
      <div>
        <p>shell header</p>
        <RemoteSlot name="admin" props={props} loader={loader} />
      </div>,
    );
    expect((await screen.findByTestId('remote-fallback-admin')).textContent).toContain('boom');
    expect(screen.getByText('shell header')).toBeTruthy();
    crash = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await screen.findByRole('heading')).textContent).toBe('Admin');
  });

  it('renders an already loaded remote at once', () => {
    const loader: RemoteLoader = { peek: () => Chat, load: () => Promise.reject(new Error('not called')) };
    render(<RemoteSlot name="chat" props={props} loader={loader} />);
    expect(screen.getByRole('heading').textContent).toBe('Chat');
  });
});
