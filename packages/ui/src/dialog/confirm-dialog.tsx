import type { ReactNode } from 'react';
import { Dialog } from './dialog';

export interface ConfirmDialogProps {
  title: string;
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
  /** While the confirmed action runs: the confirm button is disabled. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  testId?: string;
  confirmTestId?: string;
  cancelTestId?: string;
}

/** The one confirmation: an alertdialog asking one question, focus on the confirm button, Escape cancels. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <Dialog
      role="alertdialog"
      title={props.title}
      description={props.message}
      onClose={props.onCancel}
      onSubmit={props.onConfirm}
      submitLabel={props.confirmLabel ?? 'Confirm'}
      submitDisabled={props.busy}
      cancelLabel={props.cancelLabel}
      danger={props.danger}
      testId={props.testId}
      submitTestId={props.confirmTestId}
      cancelTestId={props.cancelTestId}
    />
  );
}
