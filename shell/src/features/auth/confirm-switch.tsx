import type { HandoffAccount } from '@noek/contracts';

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
  return (
    <div className="confirm-switch-backdrop" style={backdrop}>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="confirm-switch-title"
        data-testid="confirm-switch"
        style={panel}
      >
        <h2 id="confirm-switch-title" style={{ fontSize: 18, margin: '0 0 8px' }}>
          {current ? 'Switch accounts?' : 'Sign in?'}
        </h2>
        {current && <p data-testid="confirm-switch-current">You are signed in here as {who(current)}.</p>}
        <p data-testid="confirm-switch-next">The link you followed signs in {who(next)}.</p>
        <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end', marginTop: 16 }}>
          <button type="button" data-testid="confirm-switch-stay" onClick={onStay}>
            {current ? `Stay as ${current.email}` : 'Stay signed out'}
          </button>
          <button type="button" data-testid="confirm-switch-accept" onClick={onSwitch}>
            {current ? `Switch to ${next.email}` : `Sign in as ${next.email}`}
          </button>
        </div>
      </div>
    </div>
  );
}

const backdrop = {
  position: 'fixed',
  inset: 0,
  background: 'rgba(17, 24, 39, 0.5)',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  zIndex: 1000,
} as const;
const panel = {
  background: 'var(--surface, #fff)',
  color: 'inherit',
  borderRadius: 12,
  padding: 24,
  maxWidth: 440,
  width: 'calc(100% - 32px)',
  boxShadow: '0 10px 30px rgba(0, 0, 0, 0.2)',
} as const;
