import { useState, type FormEvent } from 'react';
import type { User } from '@noek/contracts';
import { authApi } from './auth-api';
import { authText } from './auth-messages';
import { Field } from './field';
import { forgotPassword } from './forgot-password';
import { loginFailure } from './login-failure';
import { canSubmitLogin } from './password-rules';
import { UnverifiedBox } from './unverified-box';

type Props = { initialEmail?: string; onSignedIn: (user: User) => void; onSwitch: () => void };

/** Spec §2 sign-in: email and password, the §8 messages, the resend box, forgot password, sign-up link. */
export function SignInForm({ initialEmail = '', onSignedIn, onSwitch }: Props) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [unverified, setUnverified] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!canSubmitLogin(email, password)) return;
    setBusy(true);
    setError(null);
    setUnverified(null);
    try {
      const { user } = await authApi.login(email.trim(), password);
      onSignedIn(user);
    } catch (err) {
      const f = loginFailure(err, email);
      setError(f.message);
      setUnverified(f.unverifiedEmail);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="noek-stack" onSubmit={(e) => void submit(e)} data-testid="sign-in-form" noValidate>
      <h1>Sign In</h1>
      <Field
        label="Email"
        testId="sign-in-email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        required
      />
      <Field
        label="Password"
        testId="sign-in-password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        required
      />
      {error && (
        <p className="auth-error" role="alert" data-testid="sign-in-error">
          {error}
        </p>
      )}
      {unverified && <UnverifiedBox email={unverified} />}
      <button
        type="submit"
        className="noek-btn auth-btn-block"
        disabled={busy || !canSubmitLogin(email, password)}
        data-testid="sign-in-submit"
      >
        {busy ? 'Signing in…' : 'Sign In'}
      </button>
      <button
        type="button"
        className="auth-link"
        onClick={() => void forgotPassword(email)}
        data-testid="forgot-password"
      >
        {authText.forgotPassword}
      </button>
      <p className="auth-switch">
        Don&apos;t have an account?{' '}
        <button type="button" className="auth-link" onClick={onSwitch} data-testid="switch-to-sign-up">
          {authText.signUpHere}
        </button>
      </p>
    </form>
  );
}
