import { relativeTimeLabel, type Conversation } from '@noek/contracts';
import { useCopiedFlag } from '../clipboard/use-copied-flag';
import { RowActions } from './row-actions';
import { useTitleEditor, type TitleEditor } from './use-title-editor';

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
  onPin?: () => void;
  onShare?: () => void;
}

/** One conversation in the sidebar: select box (select mode), title (or its editor), actions. */
export function ConversationRow(p: ConversationRowProps) {
  const { conversation } = p;
  const editor = useTitleEditor(conversation.title, p.onRename);
  const [copied, setCopied] = useCopiedFlag();
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
      {editor.editing ? (
        <TitleInput editor={editor} />
      ) : (
        <OpenButton conversation={conversation} now={p.now} onOpen={p.onOpen} onEdit={editor.start} />
      )}
      {!p.selectMode && !editor.editing && (
        <RowActions
          archived={p.archived}
          copied={copied}
          onEdit={editor.start}
          onCopyLink={() => void p.onCopyLink().then(setCopied)}
          onArchiveToggle={p.onArchiveToggle}
          onDelete={p.onDelete}
          onPin={p.onPin}
          onShare={p.onShare}
        />
      )}
    </li>
  );
}

function TitleInput({ editor }: { editor: TitleEditor }) {
  return (
    <input
      className="chat-conv__edit"
      aria-label="Conversation title"
      autoFocus
      value={editor.draft}
      onChange={(e) => editor.setDraft(e.target.value)}
      onKeyDown={editor.onKey}
      onBlur={editor.finish}
    />
  );
}

interface OpenButtonProps {
  conversation: Conversation;
  now: number;
  onOpen: () => void;
  onEdit: () => void;
}

/** Opens the conversation; a double click edits its title. */
function OpenButton({ conversation, now, onOpen, onEdit }: OpenButtonProps) {
  return (
    <button
      type="button"
      className="chat-conv__open"
      onClick={onOpen}
      onDoubleClick={onEdit}
      title={conversation.title}
    >
      <span className="chat-conv__title">{conversation.title}</span>
      <span className="chat-conv__time">{relativeTimeLabel(conversation.updatedAt, now)}</span>
    </button>
  );
}
