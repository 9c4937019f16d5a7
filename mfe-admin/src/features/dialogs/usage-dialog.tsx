import { useState } from 'react';
import { parseMessageCountInput, type AdminUserRow } from '@noek/contracts';
import { Dialog } from '@noek/ui';
import { Field } from './field';

/** Spec §5 usage edit: a number of at least 0; non-numeric becomes 0. */
export function UsageDialog(props: {
  user: AdminUserRow;
  busy: boolean;
  onClose: () => void;
  onSave: (count: number) => void;
}) {
  const [text, setText] = useState(String(props.user.messageCount));
  return (
    <Dialog
      title="Edit User Usage"
      onClose={props.onClose}
      onSubmit={() => props.onSave(parseMessageCountInput(text))}
      submitLabel="Update Usage"
      submitDisabled={props.busy}
    >
      <p className="noek-muted">{props.user.email}</p>
      <Field label="Message Count">
        <input type="number" min={0} value={text} onChange={(e) => setText(e.target.value)} />
      </Field>
    </Dialog>
  );
}
