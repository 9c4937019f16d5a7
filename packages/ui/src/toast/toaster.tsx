import { useToastStore } from './toast.store';

/** Renders the current toast (spec §9: at most one). Mount once, in the shell. */
export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);
  return (
    <div className="noek-toaster" aria-live="polite" data-testid="toaster">
      {toasts.map((t) => (
        <div
          key={t.id}
          role={t.variant === 'destructive' ? 'alert' : 'status'}
          className={`noek-toast${t.variant === 'destructive' ? ' noek-toast-destructive' : ''}`}
          data-testid="toast"
          data-variant={t.variant ?? 'default'}
        >
          <div className="noek-toast-body">
            <div className="noek-toast-title">{t.title}</div>
            {t.description ? <div className="noek-toast-description">{t.description}</div> : null}
          </div>
          <button
            type="button"
            className="noek-toast-close"
            aria-label="Dismiss"
            onClick={() => dismiss(t.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
