/** Placeholders for the token pages signed-out users may open (spec §2); the auth feature replaces them. */
export function VerifyEmailPage() {
  return (
    <main className="noek-center" data-testid="verify-email-page">
      <h1>Verify email</h1>
    </main>
  );
}

export function ResetPasswordPage() {
  return (
    <main className="noek-center" data-testid="reset-password-page">
      <h1>Reset password</h1>
    </main>
  );
}
