import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PathMessage, SearchResult } from '@noek/contracts';
import { createQueryClient } from '@noek/ui/query';
import { chatKeys } from '../api/query-keys';
import { useOpenResult } from './open-result';
import { setScrollTarget, useScrollTarget } from './scroll-target';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setScrollTarget(null);
});

const message = (id: number, content: string, parentId: number | null): PathMessage => ({
  id,
  conversationId: 7,
  parentId,
  role: 'user',
  content,
  createdAt: new Date(0).toISOString(),
  status: 'complete',
  branch: { index: 0, count: 2 },
  feedback: null,
});

const result = (messageId: number | null): SearchResult => ({
  conversationId: 7,
  title: 'Travel',
  titleHighlight: 'Travel',
  archived: false,
  updatedAt: new Date(0).toISOString(),
  messageId,
  snippet: messageId === null ? null : 'the ferry',
  rank: 0.1,
});

/** fetch at the network edge: the show call answers `answer`; every call is recorded. */
function serve(answer: { status: number; body: unknown }) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

function setup() {
  const qc = createQueryClient();
  const open = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={qc}>{children}</QueryClientProvider>
  );
  const { result: hook } = renderHook(() => ({ open: useOpenResult(open), target: useScrollTarget() }), {
    wrapper,
  });
  return { qc, open, hook };
}

describe('opening a search result', () => {
  it('shows the branch holding the match first (the path the server answers), then opens at it', async () => {
    const path = [message(1, 'first', null), message(4, 'Book the ferry to Gotland', 1)];
    const calls = serve({ status: 200, body: path });
    const { qc, open, hook } = setup();
    await act(() => hook.current.open(result(4)));
    expect(calls).toEqual(['POST /api/conversations/7/messages/4/show']);
    expect(qc.getQueryData(chatKeys.messages(7))).toEqual(path);
    expect(hook.current.target).toEqual({ conversationId: 7, messageId: 4 });
    expect(open).toHaveBeenCalledWith(7);
  });

  it('opens the conversation as it is when showing fails, and a title match without a call', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const calls = serve({ status: 404, body: { code: 'NOT_FOUND', message: 'Message not found.' } });
    const { qc, open, hook } = setup();
    await act(() => hook.current.open(result(4)));
    expect(qc.getQueryData(chatKeys.messages(7))).toBeUndefined();
    expect(open).toHaveBeenCalledWith(7);
    await act(() => hook.current.open(result(null)));
    expect(calls).toHaveLength(1);
    expect(hook.current.target).toBeNull();
    expect(open).toHaveBeenCalledTimes(2);
  });
});
