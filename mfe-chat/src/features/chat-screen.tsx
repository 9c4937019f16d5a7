import { useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { SIDEBAR_BREAKPOINT_PX, type User } from '@noek/contracts';
import { chatApi } from './api/chat-api';
import { chatKeys } from './api/query-keys';
import { Sidebar } from './conversations/sidebar';
import { useActiveConversations } from './conversations/use-conversations';
import { ChatHeader } from './header/chat-header';
import { ChatCompose } from './compose/chat-compose';
import { ModelPicker } from './compose/model-picker';
import { useMarkdownReady } from './markdown/markdown';
import { mayHoldMath } from './markdown/math/math';
import { EmptyState } from './messages/empty-state';
import { MessageList } from './messages/message-list';
import { useChatSession } from './messages/use-chat-session';
import { useClearConversation } from './messages/use-clear-conversation';
import { InstructionsPanel } from './instructions/instructions-panel';
import { UpdateBanner } from './version/update-banner';

/** How many of the newest messages a conversation can show when it opens (more than a tall screen holds). */
const OPENING_MESSAGES = 50;

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

/**
 * The header's title and system prompt: from the loaded list, else (archived, or an old deep link) that
 * one conversation.
 */
function useConversationHeading(userId: string, conversationId: number | null) {
  const { list } = useActiveConversations(userId);
  const listed = list.find((c) => c.id === conversationId);
  const single = useQuery({
    queryKey: chatKeys.conversation(conversationId ?? 0),
    queryFn: () => chatApi.get(conversationId ?? 0),
    enabled: conversationId !== null && !listed,
  });
  const shown = listed ?? (conversationId !== null ? single.data : undefined);
  return { title: shown?.title ?? 'New Chat', systemPrompt: shown?.systemPrompt ?? null };
}

/** Spec §2 main chat screen: sidebar, header, message area, input. */
export function ChatScreen(p: ChatScreenProps) {
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
  // The list opens at its end: the last messages are the ones a late formula would move.
  const markdownReady = useMarkdownReady(
    session.messages.slice(-OPENING_MESSAGES).some((m) => mayHoldMath(m.content)),
  );
  const [editingId, setEditingId] = useState<number | null>(null);
  // ↑ in an empty input edits the user's last message (as in other chat apps).
  const editLast = () => {
    const last = session.messages.findLast((m) => m.role === 'user' && m.id > 0);
    if (last && !busy) setEditingId(last.id);
  };

  const { title, systemPrompt } = useConversationHeading(p.user.id, p.conversationId);

  const select = (id: number) => {
    p.navigate(`/chat/${id}`);
    // Spec §9: the sidebar closes on selection when the window is narrower than 768 px.
    if (window.innerWidth < SIDEBAR_BREAKPOINT_PX) setSidebarOpen(false);
  };
  const clear = useClearConversation(p.user.id, p.conversationId, () => p.navigate('/'), p.notify);
  const funMode = settings.data?.funMode ?? false;

  return (
    <div className="chat-app" data-testid="mfe-chat">
      <UpdateBanner />
      <ChatHeader
        user={p.user}
        title={title}
        systemPrompt={systemPrompt}
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
          user={p.user}
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
          <InstructionsPanel
            conversationId={p.conversationId}
            systemPrompt={systemPrompt}
            notify={p.notify}
          />
          {session.loading && !busy ? (
            <MessagesPlaceholder />
          ) : session.messages.length === 0 && !busy ? (
            <EmptyState onPick={(prompt) => void session.send(prompt)} disabled={busy} />
          ) : !markdownReady ? (
            <MessagesPlaceholder />
          ) : (
            <MessageList
              messages={session.messages}
              typing={session.typing}
              notices={session.notices}
              onRetry={busy ? undefined : session.retry}
              onContinue={busy ? undefined : session.continueReply}
              tree={{
                busy,
                editingId,
                setEditingId,
                edit: session.edit,
                regenerate: session.regenerate,
                switchBranch: session.switchBranch,
                rate: session.rate,
                fork: session.fork,
              }}
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
          {settings.data?.answeredBy && (
            <p className="chat-offline noek-muted" data-testid="answered-by">
              Answered by {settings.data.answeredBy.provider}
              {settings.data.answeredBy.local ? ' (a local model, nothing leaves this machine)' : ''}.
            </p>
          )}
          <ModelPicker conversationId={p.conversationId} disabled={busy} onUpgrade={p.onSubscribe} />
          <ChatCompose
            funMode={funMode}
            busy={busy}
            streaming={session.phase === 'streaming'}
            send={session.send}
            onEditLast={editLast}
            stop={() => void session.stop()}
          />
        </main>
      </div>
    </div>
  );
}

/**
 * Where the messages go while they (or the markdown renderer) are on their way: the list's own box, empty,
 * so the composer below does not move when they arrive.
 */
function MessagesPlaceholder() {
  return <div className="chat-messages" aria-busy="true" />;
}
