import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatSettings, TokenUsageRow } from '@noek/contracts';
import { stubFetch } from '../auth/test-utils';
import { TokenUsage } from './token-usage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const settings = (usage: Partial<ChatSettings['usage']>): ChatSettings => ({
  funMode: false,
  accessLevel: 'basic',
  usage: { count: 3, limit: 10, periodHours: 3, resetsAt: null, ...usage },
  model: 'openai',
  answeredBy: null,
});

const rows: TokenUsageRow[] = [
  { day: '2026-11-25', model: 'openai/gpt-4o-mini', replies: 2, promptTokens: 100, completionTokens: 50 },
];

function serve(s: ChatSettings) {
  stubFetch((method, path) => {
    if (path.startsWith('/api/conversations/tokens')) return { status: 200, body: { rows } };
    if (path === '/api/conversations/settings') return { status: 200, body: s };
    return undefined;
  });
}

describe('the account screen’s model usage', () => {
  it("shows this window's messages and tokens against the plan's caps, and the tokens per model", async () => {
    serve(settings({ tokens: 1234, tokenBudget: 50000 }));
    render(<TokenUsage />);
    expect((await screen.findByTestId('account-window-usage')).textContent).toContain(
      'This window: 3 of 10 messages, 1,234 of 50,000 tokens.',
    );
    expect(screen.getByTestId('account-tokens').textContent).toContain(
      'gpt-4o-mini: 150 tokens in 2 replies',
    );
  });

  it('names no cap where the plan has none', async () => {
    serve(settings({ limit: null, tokens: 7, tokenBudget: null }));
    render(<TokenUsage />);
    expect((await screen.findByTestId('account-window-usage')).textContent).toContain(
      'This window: 3 messages, 7 tokens.',
    );
  });
});
