import { useState, type FormEvent } from 'react';
import {
  parseSpecialFeatures,
  planLimitsSchema,
  type PlanSettings,
  type UpdatePlanRequest,
} from '@noek/contracts';

type Fields = { messages: string; hours: string; tokens: string; models: string };

const toFields = (p: PlanSettings): Fields => ({
  messages: p.limits.messagesPerWindow?.toString() ?? '',
  hours: p.limits.windowHours?.toString() ?? '',
  tokens: p.limits.tokenBudget?.toString() ?? '',
  models: p.limits.allowedModels.join(', '),
});
/** An empty box means "no limit" (and, for models, every model). */
const numberOrNull = (v: string) => (v.trim() === '' ? null : Number(v));

/** The request a form's fields make, or the first reason it is invalid (the server checks the same schema). */
export function planRequestOf(f: Fields): { body: UpdatePlanRequest } | { error: string } {
  const body = {
    messagesPerWindow: numberOrNull(f.messages),
    windowHours: numberOrNull(f.hours),
    tokenBudget: numberOrNull(f.tokens),
    allowedModels: parseSpecialFeatures(f.models),
  };
  const parsed = planLimitsSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { error: `${String(issue.path[0] ?? 'limits')}: ${issue.message}` };
  }
  return { body };
}

/** One plan's limits, edited and saved on its own. */
export function PlanForm({
  plan,
  onSave,
}: {
  plan: PlanSettings;
  onSave: (body: UpdatePlanRequest) => Promise<void>;
}) {
  const [fields, setFields] = useState(() => toFields(plan));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const id = (name: string) => `plan-${plan.level}-${name}`;
  const set = (name: keyof Fields) => (e: { target: { value: string } }) =>
    setFields({ ...fields, [name]: e.target.value });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const request = planRequestOf(fields);
    if ('error' in request) return setError(request.error);
    setError(null);
    setSaving(true);
    try {
      await onSave(request.body);
    } finally {
      setSaving(false);
    }
  };
  return (
    <form className="plans__form" onSubmit={submit} data-testid={`plan-${plan.level}`}>
      <h2>{plan.level}</h2>
      <label htmlFor={id('messages')}>Messages per window (empty: unlimited)</label>
      <input id={id('messages')} inputMode="numeric" value={fields.messages} onChange={set('messages')} />
      <label htmlFor={id('hours')}>Window length in hours (empty: never resets)</label>
      <input id={id('hours')} inputMode="numeric" value={fields.hours} onChange={set('hours')} />
      <label htmlFor={id('tokens')}>Token budget per window (empty: none)</label>
      <input id={id('tokens')} inputMode="numeric" value={fields.tokens} onChange={set('tokens')} />
      <label htmlFor={id('models')}>Allowed models, comma-separated (empty: all)</label>
      <input id={id('models')} value={fields.models} onChange={set('models')} />
      {error && (
        <p className="plans__error" role="alert">
          {error}
        </p>
      )}
      <p className="noek-muted">
        {plan.updatedAt ? `Changed ${new Date(plan.updatedAt).toLocaleString()}` : 'Default values'}
      </p>
      <button type="submit" className="noek-btn" disabled={saving}>
        Save {plan.level}
      </button>
    </form>
  );
}
