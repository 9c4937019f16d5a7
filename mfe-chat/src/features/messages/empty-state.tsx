import { QUICK_STARTS } from './quick-starts';

export function EmptyState({ onPick, disabled }: { onPick: (prompt: string) => void; disabled: boolean }) {
  return (
    <div className="chat-empty">
      <h2>How can I help you today?</h2>
      <div className="chat-empty__cards">
        {QUICK_STARTS.map((q) => (
          <button
            key={q.title}
            type="button"
            className="chat-empty__card"
            disabled={disabled}
            onClick={() => onPick(q.prompt)}
          >
            <strong>{q.title}</strong>
          </button>
        ))}
      </div>
    </div>
  );
}
