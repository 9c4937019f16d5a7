import { useState } from 'react';
import type { AdminGrantSupernoekRequest, AdminUserRow } from '@noek/contracts';
import { Dialog } from '@noek/ui';
import { Field } from './field';

/** Spec §3 premium grant: an optional expiry (empty = permanent) and a notification email, on by default. */
export function GrantDialog(props: {
  user: AdminUserRow;
  busy: boolean;
  onClose: () => void;
  onGrant: (body: AdminGrantSupernoekRequest) => void;
}) {
  const [expires, setExpires] = useState('');
  const [sendEmail, setSendEmail] = useState(true);
  // "In the past" as of opening the dialog; the service checks again against its own clock.
  const [openedAt] = useState(() => Date.now());
  const expiresAt = expires ? new Date(expires) : null;
  const inPast = expiresAt !== null && (Number.isNaN(expiresAt.getTime()) || expiresAt.getTime() <= openedAt);
  return (
    <Dialog
      title="Grant SuperNoek Plan"
      onClose={props.onClose}
      onSubmit={() => props.onGrant({ expiresAt: expiresAt ? expiresAt.toISOString() : null, sendEmail })}
      submitLabel="Grant SuperNoek"
      submitDisabled={props.busy || inPast}
    >
      <p className="noek-muted">{props.user.email}</p>
      <Field label="Expires At" hint="Optional: leave empty for a permanent grant">
        <input
          type="datetime-local"
          value={expires}
          onChange={(e) => setExpires(e.target.value)}
          aria-invalid={inPast}
        />
      </Field>
      <label className="noek-row admin-checkbox">
        <input type="checkbox" checked={sendEmail} onChange={(e) => setSendEmail(e.target.checked)} />
        <span>Send notification email</span>
      </label>
    </Dialog>
  );
}
