import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { VerifyEmailPage } from './verify-email-page';
import { ResetPasswordPage } from './reset-password-page';
import { renderWithRouter, stubFetch } from './test-utils';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('/verify-email (spec §2, §5, §8)', () => {
  it('without a token shows the error at once', async () => {
    const calls = stubFetch(() => undefined);
    renderWithRouter(<VerifyEmailPage />, '/verify-email');
    expect(screen.getByTestId('verify-error').textContent).toBe('No verification token found in the URL');
    // The error names the support address, which the page asks auth for; only that call is made.
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['/api/auth/settings']));
  });

  it('loading, then success with the name; Continue to Sign In goes to /auth; one request per token', async () => {
    const calls = stubFetch((_m, p) =>
      p.startsWith('/api/verify-email')
        ? {
            status: 200,
            body: {
              verified: true,
              message: 'Email verified successfully',
              user: { name: 'Ada', email: 'a@b.co' },
            },
          }
        : undefined,
    );
    renderWithRouter(<VerifyEmailPage />, '/verify-email?token=tok1');
    expect(screen.getByTestId('verify-email-page').getAttribute('data-state')).toBe('loading');
    expect((await screen.findByTestId('verify-welcome')).textContent).toBe('Welcome, Ada!');
    expect(calls.filter((c) => c.path === '/api/verify-email?token=tok1')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Sign In' }));
    expect(screen.getByTestId('location').textContent).toBe('/auth');
  });

  it.each([
    [
      'server message',
      {
        status: 400,
        body: {
          code: 'VERIFICATION_FAILED',
          message: 'This verification link has expired.',
          verified: false,
          user: null,
        },
      },
      'This verification link has expired.',
    ],
    ['no message', { status: 400 }, 'Verification failed'],
    ['network failure', 'network-error' as const, 'An error occurred during verification. Please try again.'],
  ])('error with the %s and the support address', async (label, answer, text) => {
    stubFetch((_m, p) => (p.startsWith('/api/verify-email') ? answer : undefined));
    renderWithRouter(<VerifyEmailPage />, `/verify-email?token=t-${label.replace(/ /g, '')}`);
    expect((await screen.findByTestId('verify-error')).textContent).toBe(text);
    expect(screen.getByTestId('verify-email-page').textContent).toContain('support@noek.app');
  });
});

describe('/reset-password (spec §2, §4, §5, §8)', () => {
  it('without a token says so, and submit says the token is missing', () => {
    stubFetch(() => undefined);
    renderWithRouter(<ResetPasswordPage />, '/reset-password');
    expect(screen.getByTestId('reset-error').textContent).toContain('Invalid or missing reset token');
    type('reset-password', 'abcdef');
    type('reset-confirm', 'abcdef');
    fireEvent.click(screen.getByTestId('reset-submit'));
    expect(screen.getByTestId('reset-error').textContent).toContain('Reset token is missing');
  });

  it('submit is disabled unless both are filled and equal; short passwords are refused with the message', () => {
    const calls = stubFetch(() => undefined);
    renderWithRouter(<ResetPasswordPage />, '/reset-password?token=t');
    const submit = screen.getByTestId('reset-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    type('reset-password', 'abc');
    type('reset-confirm', 'abd');
    expect(submit.disabled).toBe(true);
    type('reset-confirm', 'abc');
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    expect(screen.getByTestId('reset-error').textContent).toContain(
      'Password must be at least 6 characters long',
    );
    expect(calls).toHaveLength(0);
  });

  it('submitting, then the success state', async () => {
    const calls = stubFetch(() => ({ status: 200, body: { message: 'ok' } }));
    renderWithRouter(<ResetPasswordPage />, '/reset-password?token=tok');
    type('reset-password', 'abcdef');
    type('reset-confirm', 'abcdef');
    fireEvent.click(screen.getByTestId('reset-submit'));
    expect(await screen.findByTestId('reset-success')).toBeTruthy();
    expect(calls[0]).toMatchObject({
      path: '/api/auth/reset-password',
      body: { token: 'tok', newPassword: 'abcdef' },
    });
  });

  it.each([
    [
      'server message',
      { status: 400, body: { code: 'INVALID_TOKEN', message: 'Invalid or expired reset token' } },
      'Invalid or expired reset token',
    ],
    ['fallback', { status: 500 }, 'Failed to reset password. Please try again.'],
  ])('failure shows the title and the %s', async (_l, answer, text) => {
    stubFetch(() => answer);
    renderWithRouter(<ResetPasswordPage />, '/reset-password?token=tok');
    type('reset-password', 'abcdef');
    type('reset-confirm', 'abcdef');
    fireEvent.click(screen.getByTestId('reset-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('reset-error').textContent).toBe(`Failed to reset password${text}`),
    );
  });
});
