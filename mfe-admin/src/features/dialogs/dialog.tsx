import { useEffect, type FormEvent, type ReactNode } from 'react';

/** A modal form: Escape or the backdrop cancels; the submit button is the form's. */
export function Dialog(props: {
  title: string;
  onClose: () => void;
  onSubmit?: () => void;
  submitLabel?: string;
  submitDisabled?: boolean;
  children: ReactNode;
}) {
  const { title, onClose, onSubmit, submitLabel, submitDisabled, children } = props;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!submitDisabled) onSubmit?.();
  };
  const id = `admin-dialog-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <div className="admin-dialog-backdrop" onClick={onClose}>
      <form
        className="admin-dialog noek-card noek-stack"
        role="dialog"
        aria-modal="true"
        aria-labelledby={id}
        onClick={(e) => e.stopPropagation()}
        onSubmit={submit}
      >
        <h2 id={id}>{title}</h2>
        {children}
        <div className="noek-row admin-dialog__actions">
          <button type="button" className="noek-btn noek-btn-outline" onClick={onClose}>
            Cancel
          </button>
          {onSubmit && (
            <button type="submit" className="noek-btn" disabled={submitDisabled}>
              {submitLabel ?? 'Save'}
            </button>
          )}
        </div>
      </form>
    </div>
  );
}

export function Field(props: { label: string; children: ReactNode; hint?: string }) {
  return (
    <label className="admin-field">
      <span>{props.label}</span>
      {props.children}
      {props.hint && <small className="noek-muted">{props.hint}</small>}
    </label>
  );
}
