import { useCallback, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FUN_MODE_OFF_COMMAND, FUN_MODE_ON_COMMAND, SIDEBAR_BREAKPOINT_PX, type User } from '@noek/contracts';
import { chatApi } from './api/chat-api';
import { chatKeys } from './api/query-keys';
import { chatCache } from './cache/chat-cache';
import { Sidebar } from './conversations/sidebar';
import { useActiveConversations } from './conversations/use-conversations';
import { useConfirm } from './dialog/confirm-dialog';
import { ChatHeader } from './header/chat-header';
import { MessageInput } from './input/message-input';
import { EmptyState } from './messages/empty-state';
import { MessageList } from './messages/message-list';
import { useChatSession } from './messages/use-chat-session';
import { Icon } from './icons/icons';
import { UpdateBanner } from './version/update-banner';

export interface ChatScreenProps {
  user: User;
  conversationId: number | null;
  navigate: (to: string) => void;
  notify: (title: string) => void;
  onSubscribe?: () => void;
  onOpenAdmin?: () => void;
  onOpenAccount: () => void;
  onSignOut: () => void;
}

/** Spec §2 main chat screen: sidebar, header, message area, input. */
export function ChatScreen(p: ChatScreenProps) {
  const qc = useQueryClient();
  const confirm = useConfirm();
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const settings = useQuery({ queryKey: chatKeys.settings, queryFn: () => chatApi.settings() });
  const openConversation = useCallback((id: number) => p.navigate(`/chat/${id}`), [p]);
  const leaveConversation = useCallback(() => p.navigate('/'), [p]);
  const session = useChatSession({
    userId: p.user.id,
    conversationId: p.conversationId,
    openConversation,
    leaveConversation,
  });
  const busy = session.phase !== 'idle';

  const { list: conversations } = useActiveConversations(p.user.id);
  const listed = conversations.find((c) => c.id === p.conversationId);
  // Not in the loaded pages (archived, or an old deep link): ask for that one conversation.
  const single = useQuery({
    queryKey: chatKeys.conversation(p.conversationId ?? 0),
    queryFn: () => chatApi.get(p.conversationId ?? 0),
    enabled: p.conversationId !== null && !listed,
  });
  const title = listed?.title ?? (p.conversationId !== null ? single.data?.title : undefined) ?? 'New Chat';

  const select = (id: number) => {
    p.navigate(`/chat/${id}`);
    // Spec §9: the sidebar closes on selection when the window is narrower than 768 px.
    if (window.innerWidth < SIDEBAR_BREAKPOINT_PX) setSidebarOpen(false);
  };
  const clear = async () => {
    if (p.conversationId === null) return;
    const ok = await confirm({
      title: 'Clear this conversation?',
      message: 'Its messages will be deleted permanently.',
      confirmLabel: 'Clear',
      danger: true,
    });
    if (!ok) return;
    try {
      await chatApi.remove(p.conversationId);
      chatCache.forgetConversation(p.user.id, p.conversationId);
    } catch (err) {
      console.error('Failed to clear conversation', err);
    }
    void qc.invalidateQueries({ queryKey: chatKeys.conversations });
    p.navigate('/');
  };
  const funMode = settings.data?.funMode ?? false;

  return (
    <div className="chat-app" data-testid="mfe-chat">
      <UpdateBanner />
      <ChatHeader
        user={p.user}
        title={title}
        funMode={funMode}
        hasConversation={p.conversationId !== null}
        onToggleSidebar={() => setSidebarOpen((o) => !o)}
        onClear={() => void clear()}
        onSubscribe={p.onSubscribe}
        onOpenAdmin={p.onOpenAdmin}
        onOpenAccount={p.onOpenAccount}
        onSignOut={p.onSignOut}
      />
      <div className="chat-body">
        <Sidebar
          userId={p.user.id}
          activeId={p.conversationId}
          open={sidebarOpen}
          onSelect={select}
          onNewChat={() => (
            p.navigate('/'),
            window.innerWidth < SIDEBAR_BREAKPOINT_PX && setSidebarOpen(false)
          )}
          onActiveGone={() => p.navigate('/')}
          notify={p.notify}
        />
        <main className="chat-main">
          {session.loadError && (
            <p className="chat-error" role="alert">
              {session.loadError}
            </p>
          )}
          {session.messages.length === 0 && !busy ? (
            <EmptyState onPick={(prompt) => void session.send(prompt)} disabled={busy} />
          ) : (
            <MessageList
              messages={session.messages}
              typing={session.typing}
              notices={session.notices}
              onRetry={busy ? undefined : session.retry}
            />
          )}
          {session.error && (
            <div className="chat-error" role="alert">
              {session.error}
              <button type="button" aria-label="Dismiss" onClick={session.dismissError}>
                ×
              </button>
            </div>
          )}
          {settings.data?.model === 'offline' && (
            <p className="chat-offline noek-muted">
              Offline assistant: no AI model is configured on this server.
            </p>
          )}
          <div className="chat-compose">
            <button
              type="button"
              className={`noek-btn noek-btn-ghost chat-fun ${funMode ? 'chat-fun--on' : ''}`}
              aria-pressed={funMode}
              disabled={busy}
              title="Toggle Fun Mode"
              onClick={() => void session.send(funMode ? FUN_MODE_OFF_COMMAND : FUN_MODE_ON_COMMAND)}
            >
              <Icon name="sparkles" />
            </button>
            <MessageInput onSend={session.send} disabled={busy} />
            {session.phase === 'streaming' && (
              <button type="button" className="noek-btn noek-btn-outline" onClick={() => void session.stop()}>
                Stop
              </button>
            )}
          </div>
        </main>
      </div>
    </div>
  );
}
