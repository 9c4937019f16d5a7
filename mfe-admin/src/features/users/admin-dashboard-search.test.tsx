import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminUserRow } from '@noek/contracts';
import { adminRow } from '../../test/admin-fixtures';
import { renderAdminUsers } from '../../test/render-admin';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Query = { search: string | null; page: string | null };

/** The admin API at the network edge: the list answers `page(query)` with a total; every query is kept. */
function stubList(answer: (q: Query) => { users: AdminUserRow[]; total: number }) {
  const queries: Query[] = [];
  let hold: Promise<void> | null = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname !== '/api/admin/users')
        return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
      const q = { search: url.searchParams.get('search'), page: url.searchParams.get('page') };
      queries.push(q);
      if (hold) await hold;
      const { users, total } = answer(q);
      return new Response(JSON.stringify(users), {
        status: 200,
        headers: { 'content-type': 'application/json', 'X-Total-Count': String(total) },
      });
    }),
  );
  return {
    queries,
    holdAnswers() {
      let release!: () => void;
      hold = new Promise((r) => (release = r));
      return () => {
        hold = null;
        release();
      };
    },
  };
}

const total = () => screen.getByTestId('admin-total').textContent;

describe('admin dashboard: loading, search and pages', () => {
  it('says the total is unknown and shows a spinner until the first answer', async () => {
    const server = stubList(() => ({ users: [adminRow('ada@example.com')], total: 1 }));
    const release = server.holdAnswers();
    renderAdminUsers();
    expect(total()).toBe('Total users: unknown');
    expect(screen.getByLabelText('Loading users')).toBeTruthy();
    release();
    await screen.findByText('ada@example.com');
    expect(total()).toBe('Total users: 1');
    expect(screen.queryByLabelText('Loading users')).toBeNull();
  });

  it('asks the server with the search once typing pauses, and a new search starts at page 1', async () => {
    const everyone = Array.from({ length: 70 }, (_, i) => adminRow(`user${i}@example.com`));
    const server = stubList((q) => {
      const found = q.search ? everyone.filter((u) => u.email.includes(q.search!)) : everyone;
      const page = Number(q.page ?? 1);
      return { users: found.slice((page - 1) * 30, page * 30), total: found.length };
    });
    renderAdminUsers();
    await screen.findByText('user0@example.com');
    expect(total()).toBe('Total users: 70');
    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('button', { name: '3' }),
    );
    await screen.findByText('user60@example.com');

    const box = screen.getByRole('searchbox', { name: 'Search users' });
    fireEvent.change(box, { target: { value: 'user' } });
    fireEvent.change(box, { target: { value: 'user1' } });
    await screen.findByText('user10@example.com');
    expect(total()).toBe('Total users: 11');
    // One request for the paused search (not one per keystroke), on its first page.
    expect(server.queries.filter((q) => q.search !== null)).toEqual([{ search: 'user1', page: '1' }]);
    // 11 users fit one page: no pagination.
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull());
  });
});
