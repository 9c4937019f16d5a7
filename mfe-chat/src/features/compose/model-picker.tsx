import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatModel } from '@noek/contracts';
import { chatApi } from '../api/chat-api';
import { chatKeys } from '../api/query-keys';

export interface ModelPickerProps {
  /** Null on a new chat: its first reply uses the default shown. */
  conversationId: number | null;
  disabled: boolean;
  /** Billing's upgrade flow, offered beside a model only SuperNoek has (absent: no billing here). */
  onUpgrade?: () => void;
}

/** The plan's lock shows in the label: the plan that has the model, or that the user's has not. */
function labelOf(m: ChatModel): string {
  const label = `${m.name} · ${m.provider.name}`;
  if (m.allowed !== false) return label;
  return `${label} (${m.availableOn ? m.availableOn.name : 'not on your plan'})`;
}

/** What the server answers when sending with it (MODEL_NOT_ON_PLAN), said before the user tries. */
export const lockedMessage = (m: ChatModel) =>
  m.availableOn
    ? `${m.name} is available on ${m.availableOn.name}.`
    : `${m.name} is not available on your plan.`;

/** The name of a model id (`<provider>/<model>`), for a model no longer listed. */
export const modelNameOf = (id: string) => id.slice(id.indexOf('/') + 1);

/**
 * The composer's model choice for this conversation (remembered by the server as the user's default).
 * A conversation whose model no provider offers any more says so and asks for another. A model the
 * user's plan leaves out is listed with the plan that has it; choosing it picks nothing and says so,
 * with the upgrade where billing applies.
 */
export function ModelPicker({ conversationId, disabled, onUpgrade }: ModelPickerProps) {
  const qc = useQueryClient();
  const [locked, setLocked] = useState<ChatModel | null>(null);
  const models = useQuery({ queryKey: chatKeys.models, queryFn: () => chatApi.models() });
  const conversation = useQuery({
    queryKey: chatKeys.conversation(conversationId ?? 0),
    queryFn: () => chatApi.get(conversationId ?? 0),
    enabled: conversationId !== null,
  });
  const list = models.data?.models ?? [];
  if (list.length === 0) return null;
  const picked = conversationId !== null ? conversation.data?.model : null;
  const current = picked ?? models.data?.defaultModelId ?? '';
  const gone = Boolean(picked) && !list.some((m) => m.id === picked);

  const pick = async (model: string) => {
    const entry = list.find((m) => m.id === model);
    if (entry?.allowed === false) return setLocked(entry);
    setLocked(null);
    if (conversationId === null) return;
    const updated = await chatApi.pickModel(conversationId, model);
    qc.setQueryData(chatKeys.conversation(conversationId), updated);
    await qc.invalidateQueries({ queryKey: chatKeys.models });
  };

  return (
    <div className="chat-model">
      <select
        aria-label="Model"
        data-testid="model-picker"
        value={current}
        disabled={disabled || conversationId === null}
        title={conversationId === null ? 'Send a first message to choose a model for this chat' : undefined}
        onChange={(e) => void pick(e.target.value)}
      >
        {gone && picked && <option value={picked}>{modelNameOf(picked)} (no longer available)</option>}
        {list.map((m) => (
          <option key={m.id} value={m.id}>
            {labelOf(m)}
          </option>
        ))}
      </select>
      {gone && picked && (
        <p className="chat-model__gone" role="alert">
          {modelNameOf(picked)} is no longer available. Pick another model for this conversation.
        </p>
      )}
      {locked && (
        <div className="chat-model__locked" role="alert">
          <span>{lockedMessage(locked)}</span>
          {onUpgrade && locked.availableOn?.level === 'supernoek' && (
            <button type="button" className="noek-btn" onClick={onUpgrade}>
              Upgrade to SuperNoek
            </button>
          )}
        </div>
      )}
    </div>
  );
}
