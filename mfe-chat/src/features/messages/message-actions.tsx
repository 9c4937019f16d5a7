import { useState } from 'react';
import {
  FEEDBACK_COMMENT_MAX_LENGTH,
  type FeedbackRating,
  type Message,
  type MessageFeedback,
  type PathMessage,
} from '@noek/contracts';
import { copyText } from '../clipboard/copy-text';
import { useCopiedFlag } from '../clipboard/use-copied-flag';
import { Icon } from '../icons/icons';

/** What a message's action row can do; an absent handler hides its button. */
export interface MessageActionHandlers {
  onEdit?: () => void;
  onRegenerate?: () => void;
  onSwitch?: (index: number) => void;
  /** Thumbs up/down (null takes it back) with an optional comment. */
  onRate?: (rating: FeedbackRating | null, comment?: string) => void;
  /** 'Continue in a new chat' from this message. */
  onFork?: () => void;
}

/** Thumbs up/down on a reply (pressed again: taken back), then an optional comment. */
function Feedback({
  feedback,
  onRate,
}: {
  feedback: MessageFeedback | null;
  onRate: (rating: FeedbackRating | null, comment?: string) => void;
}) {
  const [commenting, setCommenting] = useState(false);
  const [comment, setComment] = useState(feedback?.comment ?? '');
  const thumb = (rating: FeedbackRating, label: string, icon: 'thumbUp' | 'thumbDown') => (
    <button
      type="button"
      className="noek-btn noek-btn-ghost"
      aria-label={label}
      aria-pressed={feedback?.rating === rating}
      onClick={() => onRate(feedback?.rating === rating ? null : rating, feedback?.comment ?? undefined)}
    >
      <Icon name={icon} />
    </button>
  );
  return (
    <span className="chat-msg__feedback">
      {thumb('up', 'Good reply', 'thumbUp')}
      {thumb('down', 'Bad reply', 'thumbDown')}
      {feedback && !commenting && (
        <button type="button" className="noek-btn noek-btn-ghost" onClick={() => setCommenting(true)}>
          {feedback.comment ? 'Edit comment' : 'Add a comment'}
        </button>
      )}
      {feedback && commenting && (
        <form
          className="chat-msg__comment"
          onSubmit={(e) => {
            e.preventDefault();
            onRate(feedback.rating, comment.trim());
            setCommenting(false);
          }}
        >
          <input
            aria-label="Feedback comment"
            maxLength={FEEDBACK_COMMENT_MAX_LENGTH}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />
          <button type="submit" className="noek-btn noek-btn-outline">
            Save comment
          </button>
        </form>
      )}
    </span>
  );
}

/** '‹ 2 / 3 ›' on a message with siblings: keyboard reachable buttons with screen-reader labels. */
function BranchNav({
  index,
  count,
  onSwitch,
}: {
  index: number;
  count: number;
  onSwitch: (i: number) => void;
}) {
  return (
    <nav className="chat-msg__branches" aria-label="Versions of this message" data-testid="branch-nav">
      <button
        type="button"
        className="noek-btn noek-btn-ghost"
        aria-label="Previous version"
        disabled={index === 0}
        onClick={() => onSwitch(index - 1)}
      >
        ‹
      </button>
      <span data-testid="branch-version" aria-hidden="true">
        {index + 1} / {count}
      </span>
      <span className="noek-visually-hidden">
        Version {index + 1} of {count}
      </span>
      <button
        type="button"
        className="noek-btn noek-btn-ghost"
        aria-label="Next version"
        disabled={index === count - 1}
        onClick={() => onSwitch(index + 1)}
      >
        ›
      </button>
    </nav>
  );
}

/** Copy (the markdown source, one click), Edit, Regenerate and the version switch under a message. */
export function MessageActions({
  message,
  onEdit,
  onRegenerate,
  onSwitch,
  onRate,
  onFork,
}: MessageActionHandlers & { message: Message | PathMessage }) {
  const [copied, setCopied] = useCopiedFlag();
  const branch = 'branch' in message ? message.branch : undefined;
  const feedback = 'feedback' in message ? message.feedback : null;
  return (
    <div className="chat-msg__actions">
      {branch && branch.count > 1 && onSwitch && (
        <BranchNav index={branch.index} count={branch.count} onSwitch={onSwitch} />
      )}
      {message.content && (
        <button
          type="button"
          className="noek-btn noek-btn-ghost"
          aria-label={copied ? 'Copied' : 'Copy message'}
          onClick={() => void copyText(message.content).then(setCopied)}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      )}
      {onEdit && (
        <button type="button" className="noek-btn noek-btn-ghost" aria-label="Edit message" onClick={onEdit}>
          Edit
        </button>
      )}
      {onRate && <Feedback feedback={feedback} onRate={onRate} />}
      {onFork && (
        <button type="button" className="noek-btn noek-btn-ghost" onClick={onFork}>
          Continue in a new chat
        </button>
      )}
      {onRegenerate && (
        <button
          type="button"
          className="noek-btn noek-btn-ghost"
          aria-label="Regenerate reply"
          onClick={onRegenerate}
        >
          Regenerate
        </button>
      )}
    </div>
  );
}
