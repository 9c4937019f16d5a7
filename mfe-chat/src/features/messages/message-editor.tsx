import { useState, type KeyboardEvent } from 'react';
import { INPUT_MAX_HEIGHT_PX } from '@noek/contracts';

export interface MessageEditorProps {
  initial: string;
  /** Answers whether the server accepted the edit; a refused one (limit, block) keeps the text here. */
  onSave: (content: string) => Promise<boolean>;
  onCancel: () => void;
}

/** Edits one of the user's messages in place: Save makes a new version (a branch), Escape cancels. */
export function MessageEditor({ initial, onSave, onCancel }: MessageEditorProps) {
  const [text, setText] = useState(initial);
  const [saving, setSaving] = useState(false);
  const content = text.trim();
  const save = async () => {
    if (!content || saving) return;
    setSaving(true);
    const accepted = await onSave(content);
    setSaving(false);
    if (accepted) onCancel();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Escape') onCancel();
    else if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void save();
    }
  };
  return (
    <div className="chat-msg__editor">
      <textarea
        aria-label="Edit message"
        value={text}
        autoFocus
        disabled={saving}
        style={{ maxHeight: INPUT_MAX_HEIGHT_PX * 2, width: '100%' }}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="chat-msg__actions">
        <button type="button" className="noek-btn" disabled={!content || saving} onClick={() => void save()}>
          Save
        </button>
        <button type="button" className="noek-btn noek-btn-outline" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
