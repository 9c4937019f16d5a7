import { useQuery } from '@tanstack/react-query';
import type { AdminUserRow } from '@noek/contracts';
import { Dialog } from '@noek/ui';
import { userTokensQuery } from '../users/admin-queries';
import { TokensTable } from './tokens-table';

/** The period the dialog shows, as the user's account page does. */
export const TOKENS_DAYS = 30;

/** One user's tokens per model and day (prompt and completion, from chat), the last 30 days. */
export function TokensDialog(props: { user: AdminUserRow; onClose: () => void }) {
  const tokens = useQuery(userTokensQuery(props.user.id, TOKENS_DAYS));
  const caption = `Tokens of ${props.user.name} per day and model, last ${TOKENS_DAYS} days`;
  return (
    <Dialog title={`Tokens of ${props.user.name}`} onClose={props.onClose} className="admin-tokens__dialog">
      <p className="noek-muted">
        Prompt and completion tokens of their replies per model and day (UTC), the last {TOKENS_DAYS} days.
      </p>
      {tokens.isError ? (
        <div role="alert">
          <p>The tokens could not be loaded: {tokens.error.message}</p>
          <button type="button" className="noek-btn noek-btn-outline" onClick={() => void tokens.refetch()}>
            Try again
          </button>
        </div>
      ) : tokens.isPending ? (
        <div className="noek-spinner" aria-label="Loading the tokens" />
      ) : tokens.data.rows.length === 0 ? (
        <p className="noek-muted">No replies from a model in the last {TOKENS_DAYS} days.</p>
      ) : (
        <TokensTable rows={tokens.data.rows} caption={caption} />
      )}
    </Dialog>
  );
}
