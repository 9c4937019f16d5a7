import { useMemo } from 'react';
import { positiveIntIdSchema, type RemoteProps } from '@noek/contracts';
import { ChatScreen } from './features/chat-screen';
import { ConfirmProvider } from './features/dialog/confirm-dialog';
import { SharedPage } from './features/share/shared-page';
import './features/chat.css';

/**
 * Exposed as ./App: the chat screen, mounted by the shell with the remote-to-shell props. Its queries
 * use the shell's QueryClient (react-query is a shared singleton; the factory is @noek/ui/query), so
 * the one cache policy holds and sign-out clears the chat's cache with the rest.
 */
export default function ChatApp({ user, params, host, screen }: RemoteProps) {
  const conversationId = useMemo(() => {
    const parsed = positiveIntIdSchema.safeParse(params.conversationId);
    return parsed.success ? parsed.data : null;
  }, [params.conversationId]);
  // A shared conversation opens for anyone holding the link, signed in or not.
  if (screen === 'shared') return <SharedPage shareId={params.shareId ?? ''} />;
  if (!user) return null;
  return (
    <ConfirmProvider>
      <ChatScreen
        key={user.id}
        user={user}
        conversationId={conversationId}
        navigate={(to) => host.navigate(to)}
        notify={(title) => host.toast({ title })}
        onSubscribe={() => host.setView('subscription')}
        onOpenAdmin={user.accessLevel === 'admin' ? () => host.setView('admin') : undefined}
        onOpenAccount={() => host.setView('account')}
        onSignOut={host.signOut}
      />
    </ConfirmProvider>
  );
}
