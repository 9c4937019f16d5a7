import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SharingSetting } from '@noek/contracts';
import { spyHostApi } from '@noek/contracts/testing/host-api';
import { createQueryClient } from '@noek/ui/query';
import { SharingToggle } from './sharing-toggle';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** admin's sharing API as the toggle sees it: GET answers the setting, PATCH stores it. */
function stubSharing(initial: SharingSetting) {
  let sharing = initial;
  const calls: { method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, body });
      if (method === 'PATCH') sharing = { enabled: body.enabled, updatedAt: new Date().toISOString() };
      return new Response(JSON.stringify({ sharing }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

describe('sharing toggle', () => {
  it('says the server decides until set, and turns links off with one click', async () => {
    const calls = stubSharing({ enabled: null, updatedAt: null });
    const host = spyHostApi(() => vi.fn());
    render(
      <QueryClientProvider client={createQueryClient()}>
        <SharingToggle host={host} />
      </QueryClientProvider>,
    );
    const box = await screen.findByRole<HTMLInputElement>('checkbox', { name: 'Public share links' });
    expect(box.checked).toBe(true);
    expect(screen.getByText(/SHARING_ENABLED decides/)).toBeTruthy();
    fireEvent.click(box);
    await waitFor(() => expect(calls).toContainEqual({ method: 'PATCH', body: { enabled: false } }));
    await waitFor(() => expect(box.checked).toBe(false));
    expect(screen.getByText(/shared pages do not open/)).toBeTruthy();
    expect(host.toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Sharing Updated' }));
  });
});
