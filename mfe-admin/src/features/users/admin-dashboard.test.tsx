import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_USERS_REFRESH_MS } from '@noek/contracts';
import { adminRow } from '../../test/admin-fixtures';
import { renderAdminUsers } from '../../test/render-admin';

const row = (email: string) => adminRow(email);

/** The admin API at the network edge: the users list answers `users` or fails with `status`. */
function stubAdminApi() {
  const state = { users: [row('ada@example.com'), row('bob@example.com')], failWith: 0 };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = new URL(input, 'http://localhost').pathname;
      if (path === '/api/admin/users' && state.failWith)
        return new Response('{"code":"INTERNAL","message":"Something went wrong"}', {
          status: state.failWith,
        });
      const body = path === '/api/admin/users' ? state.users : [];
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json', 'X-Total-Count': String(state.users.length) },
      });
    }),
  );
  return state;
}

const mount = renderAdminUsers;

const errorToasts = (host: ReturnType<typeof mount>['host']) =>
  host.toast.mock.calls.map((c) => c[0]).filter((t) => t.title === 'Error');

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('admin users list failures', () => {
  it("a failed first load is the spec's 'Error' toast, not an error line in the page", async () => {
    const server = stubAdminApi();
    server.failWith = 500;
    const { host } = mount();
    await waitFor(() => expect(errorToasts(host)).toHaveLength(1));
    expect(errorToasts(host)[0]).toEqual({
      title: 'Error',
      description: 'Failed to fetch users: 500',
      variant: 'destructive',
    });
    expect(screen.queryByText(/Failed to fetch users/)).toBeNull();
    expect(screen.getByTestId('admin-users-unavailable').textContent).toContain('Press Refresh');
  });

  it('a failed Refresh toasts and marks the rows it keeps as out of date; a good one clears the mark', async () => {
    const server = stubAdminApi();
    const { host } = mount();
    await screen.findByText('ada@example.com');
    expect(screen.queryByTestId('admin-stale')).toBeNull();
    server.failWith = 503;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(errorToasts(host)).toHaveLength(1));
    expect(errorToasts(host)[0]!.description).toBe('Failed to fetch users: 503');
    expect(screen.getByTestId('admin-stale').textContent).toContain('the last refresh failed');
    expect(screen.getByRole('table').getAttribute('data-stale')).toBe('true');
    expect(screen.getByText('ada@example.com')).toBeTruthy(); // kept, but said to be old
    // Pressed again while still failing: the admin asked, so the admin is answered again.
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(errorToasts(host)).toHaveLength(2));
    server.failWith = 0;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.queryByTestId('admin-stale')).toBeNull());
    expect(screen.getByRole('table').getAttribute('data-stale')).toBe('false');
  });

  it('a failed 5-second refresh toasts once per outage and marks the rows', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = stubAdminApi();
    const { host } = mount();
    await screen.findByText('ada@example.com');
    server.failWith = 500;
    await act(() => vi.advanceTimersByTimeAsync(ADMIN_USERS_REFRESH_MS));
    await waitFor(() => expect(screen.queryByTestId('admin-stale')).not.toBeNull());
    expect(errorToasts(host)).toHaveLength(1);
    expect(errorToasts(host)[0]!.description).toBe('Failed to fetch users: 500');
    // The outage goes on: the rows stay marked, and no new toast every 5 seconds.
    await act(() => vi.advanceTimersByTimeAsync(ADMIN_USERS_REFRESH_MS * 2));
    expect(host.toast.mock.calls.length).toBeGreaterThan(0);
    expect(errorToasts(host)).toHaveLength(1);
    expect(screen.getByTestId('admin-stale')).toBeTruthy();
    // Back: the mark goes; a later outage toasts again.
    server.failWith = 0;
    await act(() => vi.advanceTimersByTimeAsync(ADMIN_USERS_REFRESH_MS));
    await waitFor(() => expect(screen.queryByTestId('admin-stale')).toBeNull());
    server.failWith = 502;
    await act(() => vi.advanceTimersByTimeAsync(ADMIN_USERS_REFRESH_MS));
    await waitFor(() => expect(errorToasts(host)).toHaveLength(2));
  });
});
