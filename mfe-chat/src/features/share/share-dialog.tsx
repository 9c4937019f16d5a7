import './share.css';
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { apiRoutes, sharePagePath, type Conversation } from '@noek/contracts';
import { apiUrl, Dialog } from '@noek/ui';
import { copyText } from '../clipboard/copy-text';
import { shareApi } from './share-api';

const expiries = [
  { label: 'Never', days: null },
  { label: 'After 1 day', days: 1 },
  { label: 'After 7 days', days: 7 },
  { label: 'After 30 days', days: 30 },
] as const;

/**
 * Makes a public read-only link to the conversation as it is now (later messages stay private), with an
 * optional expiry; the link is shown and can be copied. Links are listed and revoked in the account screen.
 */
export function ShareDialog({ conversation, onClose }: { conversation: Conversation; onClose: () => void }) {
  const [days, setDays] = useState<number | null>(null);
  const [copied, setCopied] = useState(false);
  const create = useMutation({ mutationFn: () => shareApi.create(conversation.id, days) });
  const url = create.data ? `${window.location.origin}${sharePagePath(create.data.id)}` : null;
  return (
    <Dialog
      title={`Share or export “${conversation.title}”`}
      description="Anyone with the link can read the conversation as it is now, without signing in. Messages you send later are not shared. You can turn the link off in your account."
      onClose={onClose}
      cancelLabel={url ? 'Done' : 'Cancel'}
      onSubmit={url ? undefined : () => create.mutate()}
      submitLabel="Create link"
      submitDisabled={create.isPending}
    >
      {url ? (
        <div className="share-dialog__link">
          <input readOnly aria-label="Public link" value={url} onFocus={(e) => e.currentTarget.select()} />
          <button type="button" className="noek-btn" onClick={() => void copyText(url).then(setCopied)}>
            {copied ? 'Copied' : 'Copy link'}
          </button>
        </div>
      ) : (
        <label className="share-dialog__expiry">
          Link expires{' '}
          <select
            value={days ?? ''}
            onChange={(e) => setDays(e.target.value ? Number(e.target.value) : null)}
          >
            {expiries.map((x) => (
              <option key={x.label} value={x.days ?? ''}>
                {x.label}
              </option>
            ))}
          </select>
        </label>
      )}
      {create.isError && (
        <p className="chat-error" role="alert">
          {create.error.message}
        </p>
      )}
      <p className="share-dialog__downloads noek-muted">
        Or download it:{' '}
        {(['markdown', 'json'] as const).map((format, i) => (
          <span key={format}>
            {i > 0 && ' · '}
            <a
              href={apiUrl(apiRoutes.conversations.exportConversation, { id: conversation.id }, { format })}
              download
            >
              {format === 'markdown' ? 'Markdown' : 'JSON'}
            </a>
          </span>
        ))}
      </p>
    </Dialog>
  );
}
