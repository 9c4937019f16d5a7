import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@noek/contracts';
import { Markdown } from '../markdown/markdown';
import { ROLE_LABEL } from '../messages/message-item';
import { shareApi } from './share-api';
import { useNoIndex } from './use-noindex';
import './share.css';

/** The server's plain-language reason (revoked, expired, unknown), else a generic one. */
function failure(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500)
    return error.status === 404
      ? 'This link does not exist.'
      : (error.body?.message ?? 'This link cannot be opened.');
  return 'The shared conversation could not be loaded. Try again later.';
}

/**
 * A shared conversation for anyone holding the link, signed in or not: read-only, the messages rendered as
 * in the chat (markdown, code, math), nothing about who shared it.
 */
export function SharedPage({ shareId }: { shareId: string }) {
  useNoIndex();
  const query = useQuery({
    queryKey: ['chat', 'shared', shareId],
    queryFn: () => shareApi.view(shareId),
    retry: false,
  });
  if (query.isPending) return <main className="share-page" aria-busy="true" />;
  if (query.isError)
    return (
      <main className="share-page">
        <p className="chat-error" role="alert">
          {failure(query.error)}
        </p>
      </main>
    );
  const shared = query.data;
  return (
    <main className="share-page" data-testid="shared-conversation">
      <header className="share-page__header">
        <h1>{shared.title}</h1>
        <p className="noek-muted">
          Shared conversation ·{' '}
          <time dateTime={shared.sharedAt}>{new Date(shared.sharedAt).toLocaleDateString()}</time>
        </p>
      </header>
      {shared.messages.map((m, i) => (
        <article key={i} className={`chat-msg chat-msg--${m.role}`} data-testid="chat-message">
          <header className="chat-msg__meta">
            <span className="chat-msg__role">{ROLE_LABEL[m.role]}</span>
          </header>
          <div className="chat-msg__body">
            <Markdown text={m.content} />
          </div>
        </article>
      ))}
    </main>
  );
}
