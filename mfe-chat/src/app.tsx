import { useMemo, useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { positiveIntIdSchema, type RemoteProps } from '@noek/contracts';
import { ChatScreen } from './features/chat-screen';
import { ConfirmProvider } from './features/dialog/confirm-dialog';
import './features/chat.css';

/** Spec §7 defaults: never stale, no refetch on window focus, no retries. */
function createChatQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false } },
  });
}

/** Exposed as ./App: the chat screen, mounted by the shell with the remote-to-shell props. */
export default function ChatApp({ user, params, host }: RemoteProps) {
  const [queryClient] = useState(createChatQueryClient);
  const conversationId = useMemo(() => {
    const parsed = positiveIntIdSchema.safeParse(params.conversationId);
    return parsed.success ? parsed.data : null;
  }, [params.conversationId]);
  if (!user) return null;
  return (
    <QueryClientProvider client={queryClient}>
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
    </QueryClientProvider>
  );
}
