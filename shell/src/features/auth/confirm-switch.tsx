import type { HandoffAccount } from '@noek/contracts';
import { Dialog } from '@noek/ui';

export type ConfirmSwitchProps = {
  /** Null: signed out here; the person is asked before being signed in at all. */
  current: HandoffAccount | null;
  next: HandoffAccount;
  onSwitch: () => void;
  onStay: () => void;
};

const who = (a: HandoffAccount) => `${a.name} (${a.email})`;

/**
 * Asked before a sign-in link from our other site signs this browser in: when it would replace the
 * account signed in here (both accounts named), and when nobody is signed in here (the link's account
 * named), since a link can come from someone else (login CSRF). Nothing changes until the person chooses.
 */
export function ConfirmSwitch({ current, next, onSwitch, onStay }: ConfirmSwitchProps) {
  // Staying is the safe answer: Escape and the backdrop choose it.
  return (
    <Dialog
      role="alertdialog"
      title={current ? 'Switch accounts?' : 'Sign in?'}
      onClose={onStay}
      cancelLabel={current ? `Stay as ${current.email}` : 'Stay signed out'}
      onSubmit={onSwitch}
      submitLabel={current ? `Switch to ${next.email}` : `Sign in as ${next.email}`}
      testId="confirm-switch"
      cancelTestId="confirm-switch-stay"
      submitTestId="confirm-switch-accept"
    >
      {current && <p data-testid="confirm-switch-current">You are signed in here as {who(current)}.</p>}
      <p data-testid="confirm-switch-next">The link you followed signs in {who(next)}.</p>
    </Dialog>
  );
}
