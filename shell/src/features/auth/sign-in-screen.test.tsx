import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '@noek/contracts';
import { SignInScreen } from './sign-in-screen';
import { useSessionStore } from './session.store';
import { renderWithRouter, stubFetch } from './test-utils';
import { sampleUser } from '@noek/contracts/testing/sample-user';

const user = sampleUser();

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
const submit = (testId: string) => screen.getByTestId(testId) as HTMLButtonElement;

beforeEach(() => {
  localStorage.clear();
  useSessionStore.getState().clear();
  window.alert = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('sign-in form (spec §5, §8)', () => {
  it('is disabled until a non-blank email and a password are typed', () => {
    stubFetch(() => undefined);
    renderWithRouter(<SignInScreen />);
    expect(submit('sign-in-submit').disabled).toBe(true);
    type('sign-in-email', '   ');
    type('sign-in-password', 'x');
    expect(submit('sign-in-submit').disabled).toBe(true);
    type('sign-in-email', 'ada@example.com');
    expect(submit('sign-in-submit').disabled).toBe(false);
  });

  it('signs in and stores the user', async () => {
    stubFetch((m, p) =>
      m === 'POST' && p === '/api/auth/login' ? { status: 200, body: { user } } : undefined,
    );
    renderWithRouter(<SignInScreen />, '/auth');
    type('sign-in-email', ' ada@example.com ');
    type('sign-in-password', 'secret');
    fireEvent.click(submit('sign-in-submit'));
    await waitFor(() => expect(useSessionStore.getState().user?.email).toBe('ada@example.com'));
    expect(JSON.parse(localStorage.getItem(storageKeys.user())!).id).toBe(user.id);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
  });

  it.each([
    [
      'server message',
      { status: 401, body: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' } },
      'Invalid email or password',
    ],
    [
      '429 message',
      {
        status: 429,
        body: { code: 'RATE_LIMITED', message: 'Too many attempts. Please try again in 15 minutes.' },
      },
      'Too many attempts. Please try again in 15 minutes.',
    ],
    ['no server message', { status: 401 }, 'Invalid email or password'],
    [
      "ban, its end in the reader's own time",
      {
        status: 403,
        body: {
          code: 'BANNED',
          message: 'Your account is banned until 2031-05-06T07:08:00.000Z. Reason: Spam',
          reason: 'Spam',
          bannedUntil: '2031-05-06T07:08:00.000Z',
        },
      },
      `Your account is banned until ${new Date('2031-05-06T07:08:00.000Z').toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}. Reason: Spam`,
    ],
    [
      'permanent ban',
      {
        status: 403,
        body: {
          code: 'BANNED',
          message: 'Your account is banned permanently.',
          reason: '',
          bannedUntil: null,
        },
      },
      'Your account is banned permanently.',
    ],
    ['network failure', 'network-error' as const, 'Invalid email or password. Please try again.'],
  ])('shows the %s', async (_l, answer, text) => {
    stubFetch(() => answer);
    renderWithRouter(<SignInScreen />);
    type('sign-in-email', 'ada@example.com');
    type('sign-in-password', 'wrong');
    fireEvent.click(submit('sign-in-submit'));
    expect((await screen.findByTestId('sign-in-error')).textContent).toBe(text);
    expect(screen.queryByTestId('unverified-box')).toBeNull();
  });

  it.each([
    [
      'emailNotVerified',
      {
        status: 403,
        body: { code: 'EMAIL_NOT_VERIFIED', message: 'x', emailNotVerified: true, email: 'ada@example.com' },
      },
    ],
  ])('on %s shows the verify message and the yellow box whose resend works', async (_l, answer) => {
    const calls = stubFetch((m, p) =>
      p === '/api/resend-verification' ? { status: 200, body: { message: 'ok' } } : answer,
    );
    renderWithRouter(<SignInScreen />);
    type('sign-in-email', 'ada@example.com');
    type('sign-in-password', 'right');
    fireEvent.click(submit('sign-in-submit'));
    expect((await screen.findByTestId('sign-in-error')).textContent).toBe(
      'Please verify your email address before signing in.',
    );
    expect(screen.getByTestId('unverified-box').textContent).toContain(
      'Email not verified for: ada@example.com',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    expect((await screen.findByTestId('resend-result')).textContent).toBe(
      'Verification email sent! Please check your inbox and spam folder.',
    );
    expect(calls.at(-1)).toMatchObject({
      path: '/api/resend-verification',
      body: { email: 'ada@example.com' },
    });
  });

  // Issue 13 overrides spec §8's "500 means unverified": a server error is said plainly, no verify box.
  it.each([
    ['HTTP 500', { status: 500, body: { code: 'INTERNAL', message: 'Something went wrong' } }],
    ['HTTP 503 without a body', { status: 503 }],
  ])('on %s shows a plain server-error message, not the verify box', async (_l, answer) => {
    stubFetch(() => answer);
    renderWithRouter(<SignInScreen />);
    type('sign-in-email', 'ada@example.com');
    type('sign-in-password', 'right');
    fireEvent.click(submit('sign-in-submit'));
    expect((await screen.findByTestId('sign-in-error')).textContent).toBe(
      'Something went wrong on our side. Please try again in a moment.',
    );
    expect(screen.queryByTestId('unverified-box')).toBeNull();
  });

  it('resend failures: server message, fallback, network', async () => {
    let resend: { status: number; body?: unknown } | 'network-error' = {
      status: 429,
      body: { code: 'RATE_LIMITED', message: 'Slow down' },
    };
    stubFetch((_m, p) =>
      p === '/api/resend-verification'
        ? resend
        : {
            status: 403,
            body: { code: 'EMAIL_NOT_VERIFIED', message: 'x', emailNotVerified: true, email: 'a@b.co' },
          },
    );
    renderWithRouter(<SignInScreen />);
    type('sign-in-email', 'a@b.co');
    type('sign-in-password', 'x');
    fireEvent.click(submit('sign-in-submit'));
    const button = await screen.findByRole('button', { name: 'Resend Verification Email' });
    fireEvent.click(button);
    expect((await screen.findByTestId('resend-result')).textContent).toBe('Slow down');
    resend = { status: 502 };
    fireEvent.click(button);
    await waitFor(() =>
      expect(screen.getByTestId('resend-result').textContent).toBe('Failed to send verification email'),
    );
    resend = 'network-error';
    fireEvent.click(button);
    await waitFor(() =>
      expect(screen.getByTestId('resend-result').textContent).toBe(
        'Failed to send verification email. Please try again.',
      ),
    );
  });

  it('Forgot Password: alerts when no email is typed, else sends and alerts the outcome', async () => {
    let answer: { status: number; body?: unknown } | 'network-error' = {
      status: 200,
      body: { message: 'ok' },
    };
    stubFetch(() => answer);
    renderWithRouter(<SignInScreen />);
    fireEvent.click(screen.getByRole('button', { name: 'Forgot Password' }));
    expect(window.alert).toHaveBeenLastCalledWith('Please enter your email address first');
    type('sign-in-email', 'ada@example.com');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Forgot Password' })));
    await waitFor(() =>
      expect(window.alert).toHaveBeenLastCalledWith(
        'Password reset instructions have been sent to your email',
      ),
    );
    answer = { status: 500 };
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Forgot Password' })));
    await waitFor(() => expect(window.alert).toHaveBeenLastCalledWith('Failed to send reset email'));
    answer = 'network-error';
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Forgot Password' })));
    await waitFor(() =>
      expect(window.alert).toHaveBeenLastCalledWith('Failed to send reset email. Please try again.'),
    );
  });
});

describe('sign-up form and Check Your Email (spec §2, §5, §8)', () => {
  function openSignUp() {
    renderWithRouter(<SignInScreen />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign up here' }));
  }

  it('shows the live rules and keeps submit disabled until all hold', () => {
    stubFetch(() => undefined);
    openSignUp();
    const hint = () => screen.getByTestId('password-length-hint');
    expect(hint().textContent).toContain('At least 8 characters');
    expect(hint().getAttribute('data-ok')).toBe('false');
    expect(screen.queryByTestId('password-match-hint')).toBeNull();
    type('sign-up-name', 'Ada');
    type('sign-up-email', 'ada@example.com');
    type('sign-up-password', '1234567');
    type('sign-up-confirm', '1234567');
    expect(screen.getByTestId('password-match-hint').textContent).toBe('Passwords match');
    expect(submit('sign-up-submit').disabled).toBe(true);
    type('sign-up-password', '12345678');
    expect(hint().getAttribute('data-ok')).toBe('true');
    expect(screen.getByTestId('password-match-hint').textContent).toBe('Passwords do not match');
    expect(submit('sign-up-submit').disabled).toBe(true);
    type('sign-up-confirm', '12345678');
    expect(submit('sign-up-submit').disabled).toBe(false);
    type('sign-up-name', '  ');
    expect(submit('sign-up-submit').disabled).toBe(true);
  });

  async function fillAndSubmit() {
    type('sign-up-name', 'Ada');
    type('sign-up-email', 'ada@example.com');
    type('sign-up-password', '12345678');
    type('sign-up-confirm', '12345678');
    fireEvent.click(submit('sign-up-submit'));
  }

  it('after sign-up shows Check Your Email with the address, support line and both buttons', async () => {
    stubFetch((_m, p) => {
      if (p === '/api/auth/signup') return { status: 201, body: { message: 'ok', email: 'ada@example.com' } };
      if (p === '/api/auth/settings')
        return { status: 200, body: { supportEmail: 'help@noek.test', devMailboxUrl: null } };
      return undefined;
    });
    openSignUp();
    await fillAndSubmit();
    expect((await screen.findByRole('heading', { name: 'Check Your Email' })).textContent).toBe(
      'Check Your Email',
    );
    expect(screen.getByTestId('check-email-address').textContent).toBe('ada@example.com');
    expect(screen.getByTestId('check-email').textContent).toContain(
      "Click the 'Activate Your Account' button",
    );
    expect(await screen.findByText('help@noek.test')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back to Sign Up' }));
    expect(screen.getByTestId('sign-up-form')).toBeTruthy();
  });

  it("I've Verified My Email - Sign In opens sign-in with the address filled in", async () => {
    stubFetch((_m, p) =>
      p === '/api/auth/signup'
        ? { status: 201, body: { message: 'ok', email: 'ada@example.com' } }
        : undefined,
    );
    openSignUp();
    await fillAndSubmit();
    fireEvent.click(await screen.findByRole('button', { name: "I've Verified My Email - Sign In" }));
    expect((screen.getByTestId('sign-in-email') as HTMLInputElement).value).toBe('ada@example.com');
  });

  it.each([
    [
      'server message',
      { status: 409, body: { code: 'EMAIL_TAKEN', message: 'An account with this email already exists' } },
      'An account with this email already exists',
    ],
    ['no server message', { status: 500 }, 'Signup failed'],
    ['network failure', 'network-error' as const, 'Failed to create account. Please try again.'],
  ])('shows the %s when sign-up fails', async (_l, answer, text) => {
    stubFetch(() => answer);
    openSignUp();
    await fillAndSubmit();
    expect((await screen.findByTestId('sign-up-error')).textContent).toBe(text);
  });

  it('switches back with Sign in here', () => {
    stubFetch(() => undefined);
    openSignUp();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in here' }));
    expect(screen.getByTestId('sign-in-form')).toBeTruthy();
  });
});
