import { useState, type FormEvent } from 'react';
import { toast } from '@noek/ui';
import { authApi } from '../auth/auth-api';
import { authText } from '../auth/auth-messages';
import type { NewPassword } from '../auth/new-password-fields';
import { newPasswordProblem } from '../auth/password-rules';

/** Spec §8: the server's message when it sent one, else the generic text. */
export function changeFailure(err: unknown): string {
  if (err instanceof Error && 'body' in err) {
    const body = (err as { body: { message?: string } | null }).body;
    if (body?.message) return body.message;
  }
  return authText.changeFailed;
}

/** The dialog's state and submit: rules first, then the call, the 'Password Changed' toast, close. */
export function useChangePassword(done: () => void) {
  const [current, setCurrent] = useState('');
  const [fields, setFields] = useState<NewPassword>({ password: '', confirm: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    const problem = newPasswordProblem(fields.password, fields.confirm);
    if (problem) return setError(problem);
    setBusy(true);
    setError(null);
    try {
      await authApi.changePassword(current, fields.password);
      toast({ title: authText.passwordChanged, description: 'Your password has been updated.' });
      done();
    } catch (err) {
      setError(changeFailure(err));
    } finally {
      setBusy(false);
    }
  }
  return { current, setCurrent, fields, setFields, busy, error, submit };
}
