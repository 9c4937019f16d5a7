import type { RemoteProps } from '@noek/contracts';

/** Exposed as ./App: the chat screen (placeholder until the chat feature lands in src/features). */
export default function ChatApp({ params }: RemoteProps) {
  return (
    <main className="noek-center" data-testid="mfe-chat">
      <div className="noek-stack" style={{ textAlign: 'center' }}>
        <h1>Chat</h1>
        <p className="noek-muted">
          {params.conversationId ? `Conversation ${params.conversationId}` : 'How can I help you today?'}
        </p>
      </div>
    </main>
  );
}
