import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import type { ShellView } from '@noek/contracts';
import { useSessionStore } from '../features/auth/session.store';
import { SignInScreen } from '../features/auth/sign-in-screen';
import { WithQueries } from './lazy-query-root';
import { RemoteRoute } from './remote-route';
import { useViewStore } from './view.store';

// Pages off the common path load on demand, keeping the first download of `/` small.
const VerifyEmailPage = lazy(() =>
  import('../features/auth/auth-pages').then((m) => ({ default: m.VerifyEmailPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/auth/auth-pages').then((m) => ({ default: m.ResetPasswordPage })),
);
const AccountScreen = lazy(() =>
  import('../features/account/account-screen').then((m) => ({ default: m.AccountScreen })),
);
const ForcedPasswordChange = lazy(() =>
  import('../features/account/forced-password-change').then((m) => ({ default: m.ForcedPasswordChange })),
);
const NotFoundPage = lazy(() =>
  import('../features/not-found/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);

/** `/` and `/chat/:id` when signed in: the chat, or the view toggled in its place (spec §2). */
function MainArea() {
  const view = useViewStore((s) => s.view);
  const isAdmin = useSessionStore((s) => s.user?.accessLevel === 'admin');
  const shown: ShellView = view === 'admin' && !isAdmin ? 'chat' : view;
  if (shown === 'admin') return <RemoteRoute name="admin" site="chat" />;
  if (shown === 'account') return <AccountScreen />;
  if (shown === 'subscription') return <RemoteRoute name="billing" site="chat" screen="subscribe" />;
  return <RemoteRoute name="chat" site="chat" />;
}

/** Spec §2, chat site: signed out, every app path shows the sign-in screen. */
export function ChatSite() {
  const signedIn = useSessionStore((s) => s.user !== null);
  // Signed in, screens get the query cache (react-query loads then); signed out, the sign-in screen.
  const gate = (el: ReactNode) => (signedIn ? <WithQueries>{el}</WithQueries> : <SignInScreen />);
  return (
    <Suspense fallback={null}>
      <Routes>
        <Route path="/" element={gate(<MainArea />)} />
        <Route path="/chat/:conversationId" element={gate(<MainArea />)} />
        <Route
          path="/subscribe"
          element={gate(<RemoteRoute name="billing" site="chat" screen="subscribe" />)}
        />
        <Route path="/success" element={gate(<RemoteRoute name="billing" site="chat" screen="success" />)} />
        {/* 'Continue to Sign In' after verification goes to /auth (spec §2). */}
        <Route path="/auth" element={signedIn ? <Navigate to="/" replace /> : <SignInScreen />} />
        {/* A shared conversation (chat's public page): no sign-in, the link is the permission. */}
        <Route
          path="/share/:shareId"
          element={
            <WithQueries>
              <RemoteRoute name="chat" site="chat" screen="shared" />
            </WithQueries>
          }
        />
        <Route path="/verify-email" element={<VerifyEmailPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
      {signedIn && (
        <WithQueries>
          <ForcedPasswordChange />
        </WithQueries>
      )}
    </Suspense>
  );
}
