import { useEffect, useState } from 'react';
import { apiRoutes, type ChatSettings, type TokenUsageRow } from '@noek/contracts';
import { api } from '@noek/ui';

const DAYS = 30;
const modelName = (id: string) => id.slice(id.indexOf('/') + 1);

/** "12 of 100 messages", or "12 messages" with no cap. */
const ofCap = (used: number, cap: number | null | undefined, unit: string) =>
  `${used.toLocaleString()}${cap == null ? '' : ` of ${cap.toLocaleString()}`} ${unit}`;

/** This window's messages and tokens against the plan's caps (chat's GET /api/conversations/settings). */
function WindowUsage({ usage }: { usage: ChatSettings['usage'] }) {
  const resets = usage.resetsAt ? ` Resets ${new Date(usage.resetsAt).toLocaleString()}.` : '';
  return (
    <p style={{ margin: 0 }} data-testid="account-window-usage">
      This window: {ofCap(usage.count, usage.limit, 'messages')},{' '}
      {ofCap(usage.tokens ?? 0, usage.tokenBudget, 'tokens')}.{resets}
    </p>
  );
}

/**
 * The user's use of their plan: this window's messages and tokens, and the tokens the user's replies cost
 * per model over the last 30 days (chat's GET /api/conversations/tokens).
 */
export function TokenUsage() {
  const [rows, setRows] = useState<TokenUsageRow[] | null>(null);
  const [usage, setUsage] = useState<ChatSettings['usage'] | null>(null);
  useEffect(() => {
    let live = true;
    api(apiRoutes.conversations.tokens, { query: { days: DAYS } }).then(
      (r) => live && setRows(r.rows),
      () => live && setRows([]),
    );
    api(apiRoutes.conversations.settings).then(
      (s) => live && setUsage(s.usage),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (rows === null) return null;
  const perModel = new Map<string, { replies: number; tokens: number }>();
  for (const r of rows) {
    const m = perModel.get(r.model) ?? { replies: 0, tokens: 0 };
    perModel.set(r.model, {
      replies: m.replies + r.replies,
      tokens: m.tokens + r.promptTokens + r.completionTokens,
    });
  }
  return (
    <section className="noek-card noek-stack" aria-labelledby="account-tokens" data-testid="account-tokens">
      <h2 id="account-tokens" style={{ margin: 0 }}>
        Model usage (last {DAYS} days)
      </h2>
      {usage && <WindowUsage usage={usage} />}
      {perModel.size === 0 ? (
        <p className="auth-hint" style={{ margin: 0 }}>
          No replies from a model yet.
        </p>
      ) : (
        <ul style={{ margin: 0 }}>
          {[...perModel].map(([model, u]) => (
            <li key={model}>
              {modelName(model)}: {u.tokens.toLocaleString()} tokens in {u.replies.toLocaleString()}{' '}
              {u.replies === 1 ? 'reply' : 'replies'}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
