import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { useDialogFocus } from '@noek/ui';

export interface ConfirmRequest {
  title: string;
  message?: string;
  confirmLabel?: string;
  danger?: boolean;
}
type Ask = (request: ConfirmRequest) => Promise<boolean>;

const ConfirmContext = createContext<Ask>(() => Promise.resolve(false));

/** Spec §5: destructive and bulk actions ask first. One dialog at a time; Escape cancels. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<(ConfirmRequest & { resolve: (ok: boolean) => void }) | null>(null);
  const ask = useCallback<Ask>(
    (request) => new Promise((resolve) => setPending({ ...request, resolve })),
    [],
  );
  const close = (ok: boolean) => {
    pending?.resolve(ok);
    setPending(null);
  };
  return (
    <ConfirmContext.Provider value={ask}>
      {children}
      {pending && <ConfirmDialog request={pending} onClose={close} />}
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Ask {
  return useContext(ConfirmContext);
}

function ConfirmDialog({ request, onClose }: { request: ConfirmRequest; onClose: (ok: boolean) => void }) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  // Focus starts on the confirm button, stays in the dialog, Escape cancels, and returns on close.
  useDialogFocus(dialogRef, { onEscape: () => onClose(false), initialFocus: confirmRef });
  return (
    <div className="chat-dialog-backdrop" onClick={() => onClose(false)}>
      <div
        ref={dialogRef}
        className="chat-dialog noek-card"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="chat-dialog-title"
        aria-describedby={request.message ? 'chat-dialog-message' : undefined}
        onClick={(e) => e.stopPropagation()}
      >
        <h2 id="chat-dialog-title">{request.title}</h2>
        {request.message && (
          <p id="chat-dialog-message" className="noek-muted">
            {request.message}
          </p>
        )}
        <div className="noek-row chat-dialog__actions">
          <button type="button" className="noek-btn noek-btn-outline" onClick={() => onClose(false)}>
            Cancel
          </button>
          <button
            ref={confirmRef}
            type="button"
            className={`noek-btn ${request.danger ? 'noek-btn-danger' : ''}`}
            onClick={() => onClose(true)}
          >
            {request.confirmLabel ?? 'Confirm'}
          </button>
        </div>
      </div>
    </div>
  );
}
