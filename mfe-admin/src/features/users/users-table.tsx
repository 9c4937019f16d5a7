import { userStatusLabel, type AdminUserRow } from '@noek/contracts';

export type RowAction = 'edit' | 'usage' | 'reset' | 'block' | 'ban' | 'password' | 'grant' | 'history';

function usageText(u: AdminUserRow): string {
  if (!u.usageAvailable) return 'unavailable';
  return u.messageLimit === null ? `${u.messageCount} / unlimited` : `${u.messageCount} / ${u.messageLimit}`;
}

function periodText(u: AdminUserRow): string {
  if (u.resetPeriodHours === null) return 'Never';
  return `Every ${u.resetPeriodHours} hours`;
}

/** Spec §2 columns and row actions; Grant SuperNoek hidden when the user has that plan. */
export function UsersTable(props: {
  users: AdminUserRow[];
  onAction: (action: RowAction, user: AdminUserRow) => void;
}) {
  const { users, onAction } = props;
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
      <table className="admin-table">
        <thead>
          <tr>
            {[
              'Name',
              'Email',
              'Access Level',
              'Usage',
              'Reset Period',
              'Status',
              'Special Features',
              'Actions',
            ].map((h) => (
              <th key={h}>{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {users.map((u) => (
            <tr key={u.id} data-user-email={u.email}>
              <td>{u.name}</td>
              <td>{u.email}</td>
              <td>{u.accessLevel}</td>
              <td>{usageText(u)}</td>
              <td>{periodText(u)}</td>
              <td>
                <span className={`admin-status admin-status--${userStatusLabel(u).toLowerCase()}`}>
                  {userStatusLabel(u)}
                </span>
              </td>
              <td>{u.specialFeatures.length > 0 ? u.specialFeatures.join(', ') : '-'}</td>
              <td className="admin-table__actions">
                {button('Edit', 'edit', u)}
                {button('Usage', 'usage', u)}
                {button('Reset', 'reset', u)}
                {button(u.isBlocked ? 'Unblock' : 'Block', 'block', u)}
                {button(u.isBanned ? 'Unban' : 'Ban', 'ban', u)}
                {button('Password', 'password', u)}
                {u.accessLevel !== 'supernoek' && button('Grant SuperNoek', 'grant', u)}
                {button('History', 'history', u)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
