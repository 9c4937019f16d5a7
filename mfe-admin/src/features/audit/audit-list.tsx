import type { AuditEntry } from '@noek/contracts';

const when = (iso: string) => new Date(iso).toLocaleString();

/** Failed and unknown outcomes are named; an unknown one means the change may or may not have been made. */
function outcomeNote(e: AuditEntry): string {
  const code = e.errorCode ? `: ${e.errorCode}` : '';
  if (e.outcome === 'failed') return ` (failed${code})`;
  if (e.outcome === 'unknown') return ` (outcome unknown${code}: check the user's current state)`;
  return '';
}

/** Whom or what the action was on: a user (email, else id) or a model provider. */
function targetOf(e: AuditEntry): string {
  if (e.targetProviderId) return `provider ${e.targetProviderId}`;
  return e.targetEmail ?? e.targetUserId ?? 'unknown';
}

/** Audit entries, newest first: who did what to whom, the outcome, and before → after. */
export function AuditList(props: { entries: AuditEntry[]; empty: string }) {
  if (props.entries.length === 0) return <p className="noek-muted">{props.empty}</p>;
  return (
    <ul className="admin-audit">
      {props.entries.map((e) => (
        <li key={e.id} className={`admin-audit__entry admin-audit__entry--${e.outcome}`}>
          <span className="admin-audit__when">{when(e.at)}</span> <strong>{e.action}</strong> on {targetOf(e)}{' '}
          by {e.actorEmail}
          {outcomeNote(e)}
          {e.after && (
            <code className="admin-audit__diff">{`${JSON.stringify(e.before)} → ${JSON.stringify(e.after)}`}</code>
          )}
        </li>
      ))}
    </ul>
  );
}
