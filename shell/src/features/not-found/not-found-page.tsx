import { useNavigate } from 'react-router-dom';

export interface NotFoundPageProps {
  /** Where 'Return to Chat' goes: '/' on the chat site, the chat site's URL on the marketing site. */
  chatHref?: string;
}

/** Spec §2: an error title and two buttons, 'Return to Chat' and 'Go Back'. */
export function NotFoundPage({ chatHref = '/' }: NotFoundPageProps) {
  const navigate = useNavigate();
  const returnToChat = () => {
    if (/^https?:\/\//.test(chatHref)) window.location.assign(chatHref);
    else navigate(chatHref);
  };
  return (
    <main className="noek-center" data-testid="not-found-page">
      <div className="noek-card noek-stack" style={{ textAlign: 'center', maxWidth: 440 }}>
        <h1 style={{ margin: 0 }}>404 - Page not found</h1>
        <p className="noek-muted">The page you are looking for does not exist or has been moved.</p>
        <div className="noek-row" style={{ justifyContent: 'center' }}>
          <button type="button" className="noek-btn" data-testid="not-found-return" onClick={returnToChat}>
            Return to Chat
          </button>
          <button
            type="button"
            className="noek-btn noek-btn-outline"
            data-testid="not-found-back"
            onClick={() => navigate(-1)}
          >
            Go Back
          </button>
        </div>
      </div>
    </main>
  );
}
