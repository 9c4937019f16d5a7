import { userStatusLabel, type AdminUserRow } from '@noek/contracts';

export type RowAction =
  'edit' | 'usage' | 'reset' | 'block' | 'ban' | 'password' | 'grant' | 'history' | 'tokens';

function usageText(u: AdminUserRow): string {
  if (!u.usageAvailable) return 'unavailable';
  return u.messageLimit === null ? `${u.messageCount} / unlimited` : `${u.messageCount} / ${u.messageLimit}`;
}

function periodText(u: AdminUserRow): string {
  if (u.resetPeriodHours === null) return 'Never';
  return `Every ${u.resetPeriodHours} hours`;
}

const COLUMNS = [
  'Name',
  'Email',
  'Access Level',
  'Usage',
  'Reset Period',
  'Status',
  'Special Features',
  'Actions',
] as const;

/** Spec §2 columns and row actions; Grant SuperNoek hidden when the user has that plan. */
export function UsersTable(props: {
  users: AdminUserRow[];
  onAction: (action: RowAction, user: AdminUserRow) => void;
  /** The last refresh failed: the rows are shown as out of date (dimmed, and said so to screen readers). */
  stale?: boolean;
}) {
  const { users, onAction, stale = false } = props;
  const button = (label: string, action: RowAction, u: AdminUserRow) => (
    <button
      type="button"
      className="noek-btn noek-btn-ghost admin-table__action"
      onClick={() => onAction(action, u)}
    >
      {label}
    </button>
  );
  return (
    <div className="admin-table__wrap">
      <table className={`admin-table${stale ? ' admin-table--stale' : ''}`} data-stale={stale}>
        {stale && <caption className="noek-visually-hidden">Out of date: the last refresh failed</caption>}
        <thead>
          <tr>
            {COLUMNS.map((h) => (
              <th key={h}>{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {users.map((u) => (
            <tr key={u.id} data-user-email={u.email}>
              <td data-label="Name">{u.name}</td>
              <td data-label="Email" className="admin-table__email">
                {u.email}
              </td>
              <td data-label="Access Level">{u.accessLevel}</td>
              <td data-label="Usage">{usageText(u)}</td>
              <td data-label="Reset Period">{periodText(u)}</td>
              <td data-label="Status">
                <span className={`admin-status admin-status--${userStatusLabel(u).toLowerCase()}`}>
                  {userStatusLabel(u)}
                </span>
              </td>
              <td data-label="Special Features">
                {u.specialFeatures.length > 0 ? u.specialFeatures.join(', ') : '-'}
              </td>
              <td data-label="Actions" className="admin-table__actions-cell">
                {/* The buttons wrap inside their column: the table fits 1280 px without a sideways scroll. */}
                <div className="admin-table__actions">
                  {button('Edit', 'edit', u)}
                  {button('Usage', 'usage', u)}
                  {button('Reset', 'reset', u)}
                  {button(u.isBlocked ? 'Unblock' : 'Block', 'block', u)}
                  {button(u.isBanned ? 'Unban' : 'Ban', 'ban', u)}
                  {button('Password', 'password', u)}
                  {u.accessLevel !== 'supernoek' && button('Grant SuperNoek', 'grant', u)}
                  {button('History', 'history', u)}
                  {button('Tokens', 'tokens', u)}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
