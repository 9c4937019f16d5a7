import { FUN_MODE_OFF_COMMAND, FUN_MODE_ON_COMMAND } from '@noek/contracts';
import { Icon } from '../icons/icons';
import { MessageInput } from '../input/message-input';

export interface ChatComposeProps {
  funMode: boolean;
  busy: boolean;
  streaming: boolean;
  /** Answers whether the server accepted the message (a refused one stays in the input). */
  send: (content: string) => Promise<boolean>;
  stop: () => void;
  /** ↑ in the empty input: edit the last message. */
  onEditLast?: () => void;
}

/** The compose row (spec §2, §4): the Fun Mode toggle (sends the command), the input, Stop while streaming. */
export function ChatCompose({ funMode, busy, streaming, send, stop, onEditLast }: ChatComposeProps) {
  return (
    <div className="chat-compose">
      <button
        type="button"
        className={`noek-btn noek-btn-ghost chat-fun ${funMode ? 'chat-fun--on' : ''}`}
        aria-pressed={funMode}
        disabled={busy}
        title="Toggle Fun Mode"
        onClick={() => void send(funMode ? FUN_MODE_OFF_COMMAND : FUN_MODE_ON_COMMAND)}
      >
        <Icon name="sparkles" />
      </button>
      <MessageInput onSend={send} disabled={busy} onEditLast={onEditLast} />
      {streaming && (
        <button type="button" className="noek-btn noek-btn-outline" onClick={stop}>
          Stop
        </button>
      )}
    </div>
  );
}
