import { useState, type FormEvent } from 'react';
import { isApiError, serverMessage } from '@noek/ui';
import { authApi } from './auth-api';
import { authText } from './auth-messages';
import { Field } from './field';
import { LengthHint, MatchHint } from './password-hints';
import { canSubmitSignup, longEnoughForSignup, matchState } from './password-rules';

type Props = { onSignedUp: (email: string) => void; onSwitch: () => void };

export function signupFailure(err: unknown): string {
  return isApiError(err) ? serverMessage(err, authText.signupFailed) : authText.signupNetwork;
}

/** Spec §2 sign-up: name, email, password with live hints, confirmation; the §8 messages. */
export function SignUpForm({ onSignedUp, onSwitch }: Props) {
  const [form, setForm] = useState({ name: '', email: '', password: '', confirm: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));
  const match = matchState(form.password, form.confirm);
  const long = longEnoughForSignup(form.password);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!canSubmitSignup(form)) return;
    setBusy(true);
    setError(null);
    try {
      const res = await authApi.signup(form.name.trim(), form.email.trim(), form.password);
      onSignedUp(res.email);
    } catch (err) {
      setError(signupFailure(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="noek-stack" onSubmit={(e) => void submit(e)} data-testid="sign-up-form" noValidate>
      <h1>Sign Up</h1>
      <Field
        label="Name"
        testId="sign-up-name"
        autoComplete="name"
        value={form.name}
        onChange={set('name')}
        required
      />
      <Field
        label="Email"
        testId="sign-up-email"
        type="email"
        autoComplete="email"
        value={form.email}
        onChange={set('email')}
        required
      />
      <Field
        label="Password"
        testId="sign-up-password"
        type="password"
        autoComplete="new-password"
        value={form.password}
        onChange={set('password')}
        required
      />
      <LengthHint ok={long} />
      <Field
        label="Confirm Password"
        testId="sign-up-confirm"
        type="password"
        autoComplete="new-password"
        value={form.confirm}
        onChange={set('confirm')}
        required
      />
      <MatchHint match={match} />
      {error && (
        <p className="auth-error" role="alert" data-testid="sign-up-error">
          {error}
        </p>
      )}
      <button
        type="submit"
        className="noek-btn auth-btn-block"
        disabled={busy || !canSubmitSignup(form)}
        data-testid="sign-up-submit"
      >
        {busy ? 'Creating account…' : 'Sign Up'}
      </button>
      <p className="auth-switch">
        Already have an account?{' '}
        <button type="button" className="auth-link" onClick={onSwitch} data-testid="switch-to-sign-in">
          {authText.signInHere}
        </button>
      </p>
    </form>
  );
}
