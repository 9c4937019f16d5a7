import { useState } from 'react';
import {
  BAN_DURATION_EXAMPLES_HOURS,
  BAN_MIN_DURATION_HOURS,
  type AdminBanRequest,
  type AdminUserRow,
} from '@noek/contracts';
import { Dialog } from '@noek/ui';
import { Field } from './field';

/** A whole number of hours >= 1, or empty for permanent (spec §5 ban). */
export function durationValid(text: string): boolean {
  const t = text.trim();
  return t === '' || (/^\d+$/.test(t) && Number(t) >= BAN_MIN_DURATION_HOURS);
}

/** Spec §5 ban: the reason is required (the button is disabled while it is empty). */
export function BanDialog(props: {
  user: AdminUserRow;
  busy: boolean;
  onClose: () => void;
  onBan: (body: AdminBanRequest) => void;
}) {
  const [reason, setReason] = useState('');
  const [duration, setDuration] = useState('');
  const ok = reason.trim().length > 0 && durationValid(duration);
  return (
    <Dialog
      title="Ban User"
      onClose={props.onClose}
      onSubmit={() =>
        props.onBan({ reason: reason.trim(), duration: duration.trim() === '' ? null : Number(duration) })
      }
      submitLabel="Ban User"
      submitDisabled={props.busy || !ok}
    >
      <p className="noek-muted">{props.user.email}</p>
      <Field label="Reason">
        <textarea value={reason} onChange={(e) => setReason(e.target.value)} required />
      </Field>
      <Field
        label="Duration (hours)"
        hint={`Leave empty for a permanent ban (e.g. ${BAN_DURATION_EXAMPLES_HOURS.join(', ')})`}
      >
        <input
          inputMode="numeric"
          value={duration}
          onChange={(e) => setDuration(e.target.value)}
          aria-invalid={!durationValid(duration)}
        />
      </Field>
    </Dialog>
  );
}
