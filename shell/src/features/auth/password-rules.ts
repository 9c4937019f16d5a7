import { PASSWORD_MIN_LENGTH_CHANGE, PASSWORD_MIN_LENGTH_SIGNUP } from '@noek/contracts/constants';

/** Spec §5, login: submit only when the trimmed email and the password are non-empty. */
export function canSubmitLogin(email: string, password: string): boolean {
  return email.trim().length > 0 && password.length > 0;
}

export type MatchState = 'empty' | 'match' | 'mismatch';

/** The live 'Passwords match' / 'Passwords do not match' indicator (nothing until confirm is typed). */
export function matchState(password: string, confirm: string): MatchState {
  if (confirm.length === 0) return 'empty';
  return password === confirm ? 'match' : 'mismatch';
}

export function longEnoughForSignup(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH_SIGNUP;
}

/** Spec §5, signup: all four filled, password at least 8, confirmation equal. */
export function canSubmitSignup(f: {
  name: string;
  email: string;
  password: string;
  confirm: string;
}): boolean {
  return (
    f.name.trim().length > 0 &&
    f.email.trim().length > 0 &&
    longEnoughForSignup(f.password) &&
    f.password === f.confirm
  );
}

/** Spec §5, reset: both filled and equal (length is checked on submit with its message). */
export function canSubmitReset(password: string, confirm: string): boolean {
  return password.length > 0 && confirm.length > 0 && password === confirm;
}

/** Spec §5, change password: all three filled. */
export function canSubmitChange(current: string, next: string, confirm: string): boolean {
  return current.length > 0 && next.length > 0 && confirm.length > 0;
}

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH_CHANGE} characters long`;

/** The message for a new password at change/reset, or null when it is acceptable. */
export function newPasswordProblem(next: string, confirm: string): string | null {
  if (next !== confirm) return PASSWORDS_DO_NOT_MATCH;
  if (next.length < PASSWORD_MIN_LENGTH_CHANGE) return PASSWORD_TOO_SHORT;
  return null;
}
