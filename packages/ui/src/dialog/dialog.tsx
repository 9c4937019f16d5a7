import { useId, useRef, type FormEvent, type ReactNode, type RefObject } from 'react';
import { useDialogFocus } from './use-dialog-focus';

export interface DialogProps {
  title: string;
  /** The title is read out but not shown (a dialog whose first control says what it is, like a search box). */
  hideTitle?: boolean;
  /** Escape, the backdrop and Cancel call it; leave it out for a dialog that must be answered. */
  onClose?: () => void;
  /** Makes the dialog a form: Enter and the submit button call it (not while `submitDisabled`). */
  onSubmit?: () => void;
  submitLabel?: string;
  submitDisabled?: boolean;
  /** The form's own rules speak (an error line) instead of the browser's bubbles. */
  noValidate?: boolean;
  /** The submit button in the destructive colour. */
  danger?: boolean;
  cancelLabel?: string;
  /** A short text read out with the title (aria-describedby). */
  description?: ReactNode;
  /** `alertdialog` for a question that interrupts (a confirmation). */
  role?: 'dialog' | 'alertdialog';
  /** Where focus starts: by default the submit button of an alertdialog, else the first control. */
  initialFocus?: RefObject<HTMLElement | null>;
  className?: string;
  testId?: string;
  submitTestId?: string;
  cancelTestId?: string;
  children?: ReactNode;
}

/**
 * The one modal dialog of the product: labelled by its title, focus moved in and held there (Tab
 * wraps), Escape and the backdrop cancel, focus goes back where it was on close (useDialogFocus).
 */
export function Dialog(props: DialogProps) {
  const { title, onClose, onSubmit, submitDisabled, description, children } = props;
  const panelRef = useRef<HTMLDivElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const alert = props.role === 'alertdialog';
  useDialogFocus(panelRef, {
    onEscape: onClose,
    initialFocus: props.initialFocus ?? (alert ? submitRef : undefined),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!submitDisabled) onSubmit?.();
  };
  // The role sits on a div: a <form> may not take the dialog roles (ARIA in HTML).
  const Body = onSubmit ? 'form' : 'div';
  return (
    <div className="noek-dialog-backdrop" onClick={onClose}>
      <div
        ref={panelRef}
        className={`noek-dialog noek-card ${props.className ?? ''}`.trim()}
        role={props.role ?? 'dialog'}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        data-testid={props.testId}
        onClick={(e) => e.stopPropagation()}
      >
        <Body
          className="noek-stack"
          onSubmit={onSubmit ? submit : undefined}
          noValidate={onSubmit ? props.noValidate : undefined}
        >
          <h2 id={titleId} className={props.hideTitle ? 'noek-visually-hidden' : undefined}>
            {title}
          </h2>
          {description && (
            <p id={descriptionId} className="noek-dialog__description">
              {description}
            </p>
          )}
          {children}
          {(onClose || onSubmit) && (
            <div className="noek-row noek-dialog__actions">
              {onClose && (
                <button
                  type="button"
                  className="noek-btn noek-btn-outline"
                  onClick={onClose}
                  data-testid={props.cancelTestId}
                >
                  {props.cancelLabel ?? 'Cancel'}
                </button>
              )}
              {onSubmit && (
                <button
                  ref={submitRef}
                  type="submit"
                  className={`noek-btn ${props.danger ? 'noek-btn-danger' : ''}`.trim()}
                  disabled={submitDisabled}
                  data-testid={props.submitTestId}
                >
                  {props.submitLabel ?? 'Save'}
                </button>
              )}
            </div>
          )}
        </Body>
      </div>
    </div>
  );
}
