import { useNavigate } from 'react-router-dom';

/** The reset page after the new password was stored (spec §2): the way back to sign-in. */
export function ResetSuccess() {
  const navigate = useNavigate();
  return (
    <>
      <h1>Password Reset</h1>
      <p className="auth-success" data-testid="reset-success">
        Your password has been reset successfully. You can now sign in with your new password.
      </p>
      <button
        type="button"
        className="noek-btn auth-btn-block"
        onClick={() => navigate('/auth')}
        data-testid="reset-go-sign-in"
      >
        Go to Sign In
      </button>
    </>
  );
}
