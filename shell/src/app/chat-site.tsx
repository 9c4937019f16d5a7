import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { ResetPasswordPage, VerifyEmailPage } from '../features/auth/auth-pages';
import { useSessionStore } from '../features/auth/session.store';
import { SignInScreen } from '../features/auth/sign-in-screen';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { RemoteRoute } from './remote-route';
import type { ShellView } from '@noek/contracts';
import { useViewStore } from './view.store';

/** `/` and `/chat/:id` when signed in: the chat, or the view toggled in its place (spec §2). */
function MainArea() {
  const view = useViewStore((s) => s.view);
  const isAdmin = useSessionStore((s) => s.user?.accessLevel === 'admin');
  const shown: ShellView = view === 'admin' && !isAdmin ? 'chat' : view;
  if (shown === 'admin') return <RemoteRoute name="admin" site="chat" />;
  if (shown === 'account') return <RemoteRoute name="billing" site="chat" screen="account" />;
  if (shown === 'subscription') return <RemoteRoute name="billing" site="chat" screen="subscribe" />;
  return <RemoteRoute name="chat" site="chat" />;
}

/** Spec §2, chat site: signed out, every app path shows the sign-in screen. */
export function ChatSite() {
  const signedIn = useSessionStore((s) => s.user !== null);
  const gate = (el: ReactNode) => (signedIn ? el : <SignInScreen />);
  return (
    <Routes>
      <Route path="/" element={gate(<MainArea />)} />
      <Route path="/chat/:conversationId" element={gate(<MainArea />)} />
      <Route path="/subscribe" element={gate(<RemoteRoute name="billing" site="chat" screen="subscribe" />)} />
      <Route path="/success" element={gate(<RemoteRoute name="billing" site="chat" screen="success" />)} />
      <Route path="/verify-email" element={<VerifyEmailPage />} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
