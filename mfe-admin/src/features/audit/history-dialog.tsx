import type { AdminUserRow } from '@noek/contracts';
import { Dialog } from '@noek/ui';
import { AuditList } from './audit-list';
import { useUserAudit } from './use-audit';

/** One user's admin history (the audit log), newest first. */
export function HistoryDialog(props: { user: AdminUserRow; onClose: () => void }) {
  const audit = useUserAudit(props.user.id);
  return (
    <Dialog title={`History of ${props.user.name}`} onClose={props.onClose}>
      {audit.isPending ? (
        <div className="noek-spinner" />
      ) : (
        <AuditList entries={audit.data ?? []} empty="No admin actions on this user yet." />
      )}
    </Dialog>
  );
}
