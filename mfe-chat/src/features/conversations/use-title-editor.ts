import { useRef, useState, type KeyboardEvent } from 'react';
import { titleToSave } from './selection';

export interface TitleEditor {
  editing: boolean;
  draft: string;
  setDraft: (draft: string) => void;
  start: () => void;
  /** On blur: saves unless Escape cancelled. */
  finish: () => void;
  onKey: (e: KeyboardEvent<HTMLInputElement>) => void;
}

/** Spec §4: Enter or blur saves the trimmed non-empty title; Escape cancels. */
export function useTitleEditor(title: string, onRename: (title: string) => void): TitleEditor {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(title);
  const cancelled = useRef(false);

  const start = () => {
    cancelled.current = false;
    setDraft(title);
    setEditing(true);
  };
  const finish = () => {
    setEditing(false);
    if (cancelled.current) return;
    const saved = titleToSave(draft, title);
    if (saved) onRename(saved);
  };
  // Both keys end by blurring, so finish runs once, from onBlur.
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      e.currentTarget.blur();
    } else if (e.key === 'Escape') {
      cancelled.current = true;
      e.currentTarget.blur();
    }
  };
  return { editing, draft, setDraft, start, finish, onKey };
}
