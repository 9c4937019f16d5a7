import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { COPY_RESET_MS, relativeTimeLabel, type Conversation } from '@noek/contracts';
import { Icon } from '../icons/icons';
import { titleToSave } from './selection';

export interface ConversationRowProps {
  conversation: Conversation;
  active: boolean;
  archived: boolean;
  selectMode: boolean;
  selected: boolean;
  selectDisabled: boolean;
  now: number;
  onOpen: () => void;
  onToggleSelect: () => void;
  onRename: (title: string) => void;
  onCopyLink: () => Promise<boolean>;
  onArchiveToggle: () => void;
  onDelete: () => void;
}

export function ConversationRow(p: ConversationRowProps) {
  const { conversation } = p;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(conversation.title);
  const [copied, setCopied] = useState(false);
  const cancelled = useRef(false);

  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), COPY_RESET_MS);
    return () => clearTimeout(t);
  }, [copied]);

  const startEdit = () => {
    cancelled.current = false;
    setDraft(conversation.title);
    setEditing(true);
  };
  // Spec §4: Enter or blur saves the trimmed non-empty title; Escape cancels.
  const finish = () => {
    setEditing(false);
    if (cancelled.current) return;
    const title = titleToSave(draft, conversation.title);
    if (title) p.onRename(title);
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      e.currentTarget.blur();
    } else if (e.key === 'Escape') {
      cancelled.current = true;
      e.currentTarget.blur();
    }
  };

  return (
    <li
      className={`chat-conv ${p.active ? 'chat-conv--active' : ''}`}
      data-testid="conversation-row"
      data-id={conversation.id}
    >
      {p.selectMode && (
        <input
          type="checkbox"
          aria-label={`Select ${conversation.title}`}
          checked={p.selected}
          disabled={!p.selected && p.selectDisabled}
          onChange={p.onToggleSelect}
        />
      )}
      {editing ? (
        <input
          className="chat-conv__edit"
          aria-label="Conversation title"
          autoFocus
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKey}
          onBlur={finish}
        />
      ) : (
        <button
          type="button"
          className="chat-conv__open"
          onClick={p.onOpen}
          onDoubleClick={startEdit}
          title={conversation.title}
        >
          <span className="chat-conv__title">{conversation.title}</span>
          <span className="chat-conv__time">{relativeTimeLabel(conversation.updatedAt, p.now)}</span>
        </button>
      )}
      {!p.selectMode && !editing && (
        <span className="chat-conv__actions">
          <button type="button" aria-label="Edit title" title="Edit title" onClick={startEdit}>
            <Icon name="edit" />
          </button>
          <button
            type="button"
            aria-label={copied ? 'Link copied' : 'Copy link'}
            title="Copy link"
            onClick={() => void p.onCopyLink().then(setCopied)}
          >
            <Icon name={copied ? 'check' : 'link'} />
          </button>
          <button
            type="button"
            aria-label={p.archived ? 'Restore' : 'Archive'}
            title={p.archived ? 'Restore' : 'Archive'}
            onClick={p.onArchiveToggle}
          >
            <Icon name={p.archived ? 'restore' : 'archive'} />
          </button>
          <button type="button" aria-label="Delete" title="Delete" onClick={p.onDelete}>
            <Icon name="trash" />
          </button>
        </span>
      )}
    </li>
  );
}
