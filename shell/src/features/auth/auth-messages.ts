/** Every user-facing string of spec §2, §5 and §8 for these flows, word for word. */
export const authText = {
  signUpHere: 'Sign up here',
  signInHere: 'Sign in here',
  atLeast8: 'At least 8 characters',
  passwordsMatch: 'Passwords match',
  passwordsDoNotMatch: 'Passwords do not match',
  checkYourEmail: 'Check Your Email',
  activateYourAccount: 'Activate Your Account',
  verifiedSignIn: "I've Verified My Email - Sign In",
  backToSignUp: 'Back to Sign Up',
  emailNotVerifiedFor: (email: string) => `Email not verified for: ${email}`,
  resendVerification: 'Resend Verification Email',
  forgotPassword: 'Forgot Password',
  enterEmailFirst: 'Please enter your email address first',
  // Login
  pleaseVerify: 'Please verify your email address before signing in.',
  invalidCredentials: 'Invalid email or password',
  loginNetwork: 'Invalid email or password. Please try again.',
  /** Ours: a 5xx at sign-in is a server error, not an unverified email. */
  serverError: 'Something went wrong on our side. Please try again in a moment.',
  // Signup
  signupFailed: 'Signup failed',
  signupNetwork: 'Failed to create account. Please try again.',
  // Resend
  resendSent: 'Verification email sent! Please check your inbox and spam folder.',
  resendFailed: 'Failed to send verification email',
  resendNetwork: 'Failed to send verification email. Please try again.',
  // Forgot
  forgotSent: 'Password reset instructions have been sent to your email',
  forgotFailed: 'Failed to send reset email',
  forgotNetwork: 'Failed to send reset email. Please try again.',
  // Change
  changeFailed: 'Failed to change password. Please try again.',
  passwordChanged: 'Password Changed',
  // Reset
  resetFailed: 'Failed to reset password. Please try again.',
  resetFailedTitle: 'Failed to reset password',
  invalidResetToken: 'Invalid or missing reset token',
  resetTokenMissing: 'Reset token is missing',
  // Verify
  verificationFailed: 'Verification failed',
  verificationError: 'An error occurred during verification. Please try again.',
  noVerificationToken: 'No verification token found in the URL',
  continueToSignIn: 'Continue to Sign In',
} as const;
