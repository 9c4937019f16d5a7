import type { RemoteName } from '@noek/contracts';

const titles: Record<RemoteName, string> = {
  chat: 'Chat',
  admin: 'Admin dashboard',
  billing: 'Subscription',
  marketing: 'Noek',
};

export function RemoteLoading({ name }: { name: RemoteName }) {
  return (
    <div
      className="shell-remote-state"
      data-testid={`remote-loading-${name}`}
      role="status"
      aria-live="polite"
    >
      <div className="noek-spinner" aria-hidden="true" />
      <span className="noek-muted">Loading {titles[name]}…</span>
    </div>
  );
}

/** Shown in place of a remote that is down, too slow or crashed; the rest of the shell keeps working. */
export function RemoteFallback({
  name,
  error,
  onRetry,
}: {
  name: RemoteName;
  error: Error;
  onRetry: () => void;
}) {
  return (
    <div className="shell-remote-state" data-testid={`remote-fallback-${name}`} role="alert">
      <div className="noek-card noek-stack" style={{ maxWidth: 440, textAlign: 'center' }}>
        <strong>{titles[name]} is unavailable right now</strong>
        <span className="noek-muted">
          This part of Noek could not be loaded. Check your connection and try again.
        </span>
        {/* The runtime's message helps a support request but is no sentence for a person: folded away. */}
        <details className="noek-muted" style={{ textAlign: 'left', fontSize: 12, overflowWrap: 'anywhere' }}>
          <summary>Technical details</summary>
          <small data-testid={`remote-error-${name}`}>{error.message}</small>
        </details>
        <div>
          <button type="button" className="noek-btn" data-testid={`remote-retry-${name}`} onClick={onRetry}>
            Retry
          </button>
        </div>
      </div>
    </div>
  );
}
