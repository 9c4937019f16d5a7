import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { User } from '@noek/contracts';
import { ThemeToggle } from '@noek/ui';
import { useSessionStore } from './session.store';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { CheckEmail } from './check-email';
import './auth.css';

type View = { kind: 'signin'; email?: string } | { kind: 'signup' } | { kind: 'check-email'; email: string };

/**
 * The sign-in / sign-up card (spec §2, §4 auth view): sign-in or sign-up, 'check your email' after
 * a sign-up, and back. Shown for every app path while signed out, and at /auth.
 */
export function SignInScreen() {
  const [view, setView] = useState<View>({ kind: 'signin' });
  const setUser = useSessionStore((s) => s.setUser);
  const navigate = useNavigate();
  const location = useLocation();

  function signedIn(user: User) {
    setUser(user);
    if (location.pathname === '/auth') navigate('/', { replace: true });
  }

  return (
    <main className="noek-center" data-testid="sign-in-screen" data-view={view.kind}>
      <div className="noek-card noek-stack auth-card">
        <div className="noek-row" style={{ justifyContent: 'space-between' }}>
          <strong>Noek</strong>
          <ThemeToggle />
        </div>
        {view.kind === 'signin' && (
          <SignInForm
            key={view.email ?? ''}
            initialEmail={view.email}
            onSignedIn={signedIn}
            onSwitch={() => setView({ kind: 'signup' })}
          />
        )}
        {view.kind === 'signup' && (
          <SignUpForm
            onSignedUp={(email) => setView({ kind: 'check-email', email })}
            onSwitch={() => setView({ kind: 'signin' })}
          />
        )}
        {view.kind === 'check-email' && (
          <CheckEmail
            email={view.email}
            onSignIn={() => setView({ kind: 'signin', email: view.email })}
            onBack={() => setView({ kind: 'signup' })}
          />
        )}
      </div>
    </main>
  );
}
