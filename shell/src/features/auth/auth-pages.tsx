/** The token pages signed-out users may open (spec §2). */
export { VerifyEmailPage } from './verify-email-page';
export { ResetPasswordPage } from './reset-password-page';
