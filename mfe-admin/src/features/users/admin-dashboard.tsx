import { useEffect, useState } from 'react';
import { ADMIN_PAGE_SIZE, type AdminUserRow, type HostApi } from '@noek/contracts';
import { AuditList } from '../audit/audit-list';
import { useRecentAudit } from '../audit/use-audit';
import { PaginationBar } from './pagination-bar';
import { RowDialogs, type OpenDialog } from './row-dialogs';
import { useQuickActions } from './use-quick-actions';
import { useAdminUsers } from './use-admin-users';
import { useUsersFailureToast } from './use-users-failure';
import { UsersTable, type RowAction } from './users-table';

/** The search box waits for a pause in typing before asking the server. */
function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

/** Spec §2 admin dashboard: heading, total count, Refresh, search, the table, pagination, dialogs. */
export function AdminDashboard({ host }: { host: HostApi }) {
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText, 300);
  // The page belongs to one search: a new search starts again at page 1.
  const [paging, setPaging] = useState({ search: '', page: 1 });
  const page = paging.search === search ? paging.page : 1;
  const setPage = (p: number) => setPaging({ search, page: p });
  const [open, setOpen] = useState<OpenDialog | null>(null);
  const users = useAdminUsers(search, page);
  const recent = useRecentAudit();
  const quick = useQuickActions(host);
  const refreshPressed = useUsersFailureToast(users, host);
  const refresh = () => {
    refreshPressed();
    void users.refetch();
  };
  // Rows from before a failed refresh are never kept silently: they are marked as of their time.
  const stale = users.isError && users.data !== undefined;
  const total = users.data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  const onAction = (action: RowAction, user: AdminUserRow) => {
    if (action === 'reset') return void quick.resetUsage(user);
    if (action === 'block') return void quick.toggleBlock(user);
    if (action === 'ban' && user.isBanned) return void quick.unban(user);
    setOpen({ kind: action as OpenDialog['kind'], user });
  };
  return (
    <main className="admin" data-testid="mfe-admin">
      <header className="admin__header noek-row">
        <div>
          <h1>Admin Dashboard</h1>
          <p className="noek-muted" data-testid="admin-total">
            {/* Not known until a load succeeds: never a false 0. */}
            Total users: {users.data ? total : 'unknown'}
          </p>
        </div>
        <div className="noek-row admin__tools">
          <input
            type="search"
            className="admin__search"
            placeholder="Search by name, email or access level"
            aria-label="Search users"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
          />
          <button type="button" className="noek-btn noek-btn-outline" onClick={refresh}>
            Refresh
          </button>
          <button type="button" className="noek-btn noek-btn-ghost" onClick={() => host.setView('chat')}>
            Back to Chat
          </button>
        </div>
      </header>
      {users.isError && !users.data ? (
        <p className="noek-muted admin__empty" data-testid="admin-users-unavailable">
          The users could not be loaded. Press Refresh to try again.
        </p>
      ) : users.isPending ? (
        <div className="noek-spinner" aria-label="Loading users" />
      ) : (
        <>
          {stale && <StaleNotice since={users.dataUpdatedAt} />}
          <UsersTable users={users.data?.users ?? []} onAction={onAction} stale={stale} />
        </>
      )}
      <PaginationBar page={page} totalPages={totalPages} onPage={setPage} />
      <section className="admin__activity">
        <h2>Recent activity</h2>
        <AuditList entries={recent.data ?? []} empty="No admin actions yet." />
      </section>
      {open && (
        <RowDialogs
          key={`${open.kind}-${open.user.id}`}
          open={open}
          host={host}
          onClose={() => setOpen(null)}
        />
      )}
    </main>
  );
}

/** Shown above rows that the last refresh could not renew: they may no longer be true. */
function StaleNotice({ since }: { since: number }) {
  const time = new Date(since).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  return (
    <p className="admin__stale" role="status" data-testid="admin-stale">
      Out of date: the last refresh failed. These rows are as of {time} and may have changed since.
    </p>
  );
}
