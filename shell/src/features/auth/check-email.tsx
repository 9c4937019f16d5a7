import { authText } from './auth-messages';
import { useAuthSettings } from './use-auth-settings';

type Props = { email: string; onSignIn: () => void; onBack: () => void };

/** Spec §2: after sign-up, the address and what to do with the email. */
export function CheckEmail({ email, onSignIn, onBack }: Props) {
  const { supportEmail, devMailboxUrl } = useAuthSettings();
  return (
    <div className="noek-stack" data-testid="check-email">
      <h1>{authText.checkYourEmail}</h1>
      <p>
        We&apos;ve sent a verification email to <strong data-testid="check-email-address">{email}</strong>.
      </p>
      <p>
        Click the &apos;{authText.activateYourAccount}&apos; button in the email to verify your account, then
        sign in.
      </p>
      <button
        type="button"
        className="noek-btn auth-btn-block"
        onClick={onSignIn}
        data-testid="verified-sign-in"
      >
        {authText.verifiedSignIn}
      </button>
      <button
        type="button"
        className="noek-btn noek-btn-outline auth-btn-block"
        onClick={onBack}
        data-testid="back-to-sign-up"
      >
        {authText.backToSignUp}
      </button>
      <p className="auth-hint">
        Didn&apos;t receive the email? Check your spam folder or contact support at{' '}
        <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
      </p>
      {devMailboxUrl && (
        <p className="auth-hint" data-testid="dev-mailbox-link">
          No mail server is configured: open the <a href={devMailboxUrl}>dev mailbox</a>.
        </p>
      )}
    </div>
  );
}
