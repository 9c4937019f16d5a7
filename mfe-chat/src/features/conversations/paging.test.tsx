import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeChatServer, makeConversation } from '../../test/fake-chat-server';
import { renderChat } from '../../test/render-chat';

let server: ReturnType<typeof createFakeChatServer>;
beforeEach(() => {
  localStorage.clear();
  server = createFakeChatServer({ active: Array.from({ length: 60 }, (_, i) => makeConversation(i + 1)) });
  vi.stubGlobal('fetch', vi.fn(server.fetch));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('conversation list paging', () => {
  it('loads 50 first, the rest on demand, and caches the first page under the spec key', async () => {
    renderChat();
    await waitFor(() => expect(screen.getAllByTestId('conversation-row')).toHaveLength(50));
    expect(server.calls.filter((c) => c.path.startsWith('/api/conversations?')).map((c) => c.path)).toEqual([
      '/api/conversations?limit=50&offset=0',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('conversation-row')).toHaveLength(60));
    expect(server.calls.some((c) => c.path === '/api/conversations?limit=50&offset=50')).toBe(true);
    expect(
      JSON.parse(localStorage.getItem('noek:conversations:00000000-0000-4000-8000-000000000001') ?? '[]'),
    ).toHaveLength(50);
  });
});
