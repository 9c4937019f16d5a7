import { Dialog } from './dialog';

/** Spec §5: confirmation before an admin password reset. */
export function ConfirmResetDialog(props: {
  name: string;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      title="Reset Password"
      onClose={props.onClose}
      onSubmit={props.onConfirm}
      submitLabel="Reset Password"
      submitDisabled={props.busy}
    >
      <p>
        Reset the password of {props.name}? A new password is generated and shown once; they must change it at
        their next sign-in, and all their sessions end.
      </p>
    </Dialog>
  );
}
