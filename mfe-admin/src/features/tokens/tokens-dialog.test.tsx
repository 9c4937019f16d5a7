import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TokenUsageReport } from '@noek/contracts';
import { createQueryClient } from '@noek/ui/query';
import { adminRow, stubAdminFetch, type Call } from '../../test/admin-fixtures';
import { TokensDialog } from './tokens-dialog';

const ada = adminRow('ada@example.com', { name: 'Ada' });
const path = `/api/admin/users/${ada.id}/tokens`;

function mount(answer: (call: Call) => { status?: number; body?: unknown } | undefined) {
  const calls = stubAdminFetch(answer);
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TokensDialog user={ada} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { calls, onClose };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const report: TokenUsageReport = {
  rows: [
    { day: '2026-11-26', model: 'openai/gpt-4o-mini', replies: 3, promptTokens: 1200, completionTokens: 345 },
    { day: '2026-11-26', model: 'local/llama3.1', replies: 1, promptTokens: 80, completionTokens: 20 },
    { day: '2026-11-25', model: 'openai/gpt-4o-mini', replies: 2, promptTokens: 500, completionTokens: 60 },
  ],
};

describe('Tokens dialog', () => {
  it("shows the user's tokens per day and model in a table, with the totals", async () => {
    const { calls } = mount((c) => (c.path === path ? { body: report } : undefined));
    const dialog = screen.getByRole('dialog', { name: 'Tokens of Ada' });
    const table = await within(dialog).findByRole('table', {
      name: 'Tokens of Ada per day and model, last 30 days',
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Day (UTC)', 'Model', 'Replies', 'Prompt tokens', 'Completion tokens', 'Total tokens']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['2026-11-26', 'gpt-4o-mini (openai)', '3', '1,200', '345', '1,545'],
      ['2026-11-26', 'llama3.1 (local)', '1', '80', '20', '100'],
      ['2026-11-25', 'gpt-4o-mini (openai)', '2', '500', '60', '560'],
      ['Total', '6', '1,780', '425', '2,205'],
    ]);
    expect(calls).toEqual([{ method: 'GET', path, body: undefined }]);
  });

  it('says so when the user has no replies from a model', async () => {
    mount(() => ({ body: { rows: [] } }));
    await screen.findByText('No replies from a model in the last 30 days.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('names a failure, and Try again loads the tokens', async () => {
    let fail = true;
    const { calls } = mount(() => (fail ? { status: 503 } : { body: report }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The tokens could not be loaded');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('table');
    expect(calls.length).toBe(2);
  });

  it('closes on Cancel', () => {
    const { onClose } = mount(() => ({ body: { rows: [] } }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });
});
