import { ThemeToggle } from '@noek/ui';

/** Placeholder for the sign-in/sign-up card (spec §2); the auth feature replaces it. */
export function SignInScreen() {
  return (
    <main className="noek-center" data-testid="sign-in-screen">
      <div className="noek-card noek-stack" style={{ width: 'min(420px, 100%)' }}>
        <div className="noek-row" style={{ justifyContent: 'space-between' }}>
          <h1 style={{ margin: 0 }}>Sign in</h1>
          <ThemeToggle />
        </div>
        <p className="noek-muted">Sign in to chat with Noek.</p>
      </div>
    </main>
  );
}
