import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { INSTRUCTIONS_MAX_LENGTH } from '@noek/contracts';
import { chatApi } from '../api/chat-api';
import { chatKeys } from '../api/query-keys';

export interface InstructionsPanelProps {
  conversationId: number | null;
  /** This conversation's system prompt as stored ('' or undefined: none). */
  systemPrompt: string | null | undefined;
  notify: (title: string) => void;
}

/** One instructions text with its Save: the user's custom instructions or this conversation's prompt. */
function InstructionsForm(p: { label: string; initial: string; onSave: (text: string) => Promise<unknown> }) {
  const [text, setText] = useState(p.initial);
  const [saving, setSaving] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    void p.onSave(text.trim()).finally(() => setSaving(false));
  };
  return (
    <form className="chat-instructions__form" onSubmit={submit}>
      <label>
        {p.label}
        <textarea
          value={text}
          maxLength={INSTRUCTIONS_MAX_LENGTH}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      <button type="submit" className="noek-btn noek-btn-outline" disabled={saving}>
        Save
      </button>
    </form>
  );
}

/**
 * Custom instructions (the user's, for every conversation) and this conversation's system prompt: both
 * are sent to the model as the system message, and shown to nobody else.
 */
export function InstructionsPanel({ conversationId, systemPrompt, notify }: InstructionsPanelProps) {
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const instructions = useQuery({
    queryKey: chatKeys.instructions,
    queryFn: () => chatApi.instructions(),
    enabled: open,
  });
  const saved = (what: string) => () => notify(`${what} saved`);
  const failed = (err: unknown) => {
    console.error('Failed to save instructions', err);
    notify('Failed to save. Please try again.');
  };
  return (
    <details className="chat-instructions" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Instructions</summary>
      {instructions.data && (
        <InstructionsForm
          label="Custom instructions (all your conversations)"
          initial={instructions.data.customInstructions ?? ''}
          onSave={(text) =>
            chatApi
              .setInstructions(text)
              .then((v) => qc.setQueryData(chatKeys.instructions, v))
              .then(saved('Custom instructions'), failed)
          }
        />
      )}
      {conversationId !== null && (
        <InstructionsForm
          key={conversationId}
          label="System prompt (this conversation)"
          initial={systemPrompt ?? ''}
          onSave={(text) =>
            chatApi
              .setSystemPrompt(conversationId, text)
              .then(() => qc.invalidateQueries({ queryKey: chatKeys.conversations }))
              .then(saved('System prompt'), failed)
          }
        />
      )}
    </details>
  );
}
