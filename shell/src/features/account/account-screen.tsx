import { useState } from 'react';
import { useSessionStore } from '../auth/session.store';
import { useAuthSettings } from '../auth/use-auth-settings';
import { useSignOut } from '../auth/use-sign-out';
import { RemoteRoute } from '../../app/remote-route';
import { useViewStore } from '../../app/view.store';
import { AccountExport } from './account-export';
import { AccountImport } from './account-import';
import { ChangePasswordDialog } from './change-password-dialog';
import { SharedLinks } from './shared-links';
import { TokenUsage } from './token-usage';

/**
 * The account view (spec §2), opened from the account chip: the important-info notice, name and
 * email, and the Change Password dialog. The plan and billing part is the billing remote's.
 */
export function AccountScreen() {
  const user = useSessionStore((s) => s.user);
  const [changing, setChanging] = useState(false);
  const { supportEmail } = useAuthSettings();
  const setView = useViewStore((s) => s.setView);
  const signOut = useSignOut();
  if (!user) return null;
  return (
    <main
      className="noek-stack"
      style={{ padding: 24, maxWidth: 760, margin: '0 auto', width: '100%' }}
      data-testid="account-screen"
    >
      <div className="noek-row" style={{ justifyContent: 'space-between' }}>
        <h1 style={{ margin: 0 }}>Account</h1>
        <button
          type="button"
          className="noek-btn noek-btn-outline"
          onClick={() => setView('chat')}
          data-testid="account-back"
        >
          Back to Chat
        </button>
      </div>
      <div className="auth-warning" data-testid="account-notice">
        <strong>Important information</strong>
        {/* decisions.md: the notice tells the truth: self-service reset exists, support is configured. */}
        <span>
          Forgot your password? Sign out and use &lsquo;Forgot Password&rsquo; on the sign-in screen to get a
          reset link by email. For anything else, contact support at{' '}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </span>
      </div>
      <section className="noek-card noek-stack">
        <h2 style={{ margin: 0 }}>Profile</h2>
        <div>
          <div className="auth-hint">Name</div>
          <div data-testid="account-name">{user.name}</div>
        </div>
        <div>
          <div className="auth-hint">Email</div>
          <div data-testid="account-email">{user.email}</div>
        </div>
        <div>
          <button
            type="button"
            className="noek-btn noek-btn-outline"
            onClick={() => setChanging(true)}
            data-testid="open-change-password"
          >
            Change Password
          </button>
        </div>
      </section>
      <section className="noek-card noek-stack" aria-labelledby="account-sessions">
        <h2 id="account-sessions" style={{ margin: 0 }}>
          Sessions
        </h2>
        <p className="auth-hint" style={{ margin: 0 }}>
          Signing out ends only this browser&rsquo;s session. Lost a device, or signed in on a shared
          computer? End every session of your account, on every device.
        </p>
        <div>
          <button
            type="button"
            className="noek-btn noek-btn-outline"
            onClick={() => signOut({ everywhere: true })}
            data-testid="sign-out-everywhere"
          >
            Sign out everywhere
          </button>
        </div>
      </section>
      <SharedLinks />
      <AccountExport />
      <AccountImport />
      <TokenUsage />
      <RemoteRoute name="billing" site="chat" screen="account" />
      {changing && <ChangePasswordDialog onClose={() => setChanging(false)} />}
    </main>
  );
}
