import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
// The API client loads the contracts (zod schemas) on demand, as the browser does after first paint;
// loading them here keeps that one-time module load out of the tests' 1 s waitFor budgets.
import '@noek/contracts';
import { createQueryClient } from '@noek/ui/query';

export type FakeAnswer = { status: number; body?: unknown } | 'network-error';

/**
 * Stubs fetch at the network edge: each call is answered by `route(method, path, body)`.
 * Unknown routes answer 404. Returns the list of calls made.
 */
export function stubFetch(route: (method: string, path: string, body: unknown) => FakeAnswer | undefined) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path: url, body });
      const answer = route(method, url, body) ?? {
        status: 404,
        body: { code: 'NOT_FOUND', message: 'Not found.' },
      };
      if (answer === 'network-error') throw new TypeError('Failed to fetch');
      const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
      return new Response(text, { status: answer.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

function Where() {
  const l = useLocation();
  return <output data-testid="location">{l.pathname + l.search}</output>;
}

export function renderWithRouter(ui: ReactNode, path = '/', routePath = '*') {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={routePath} element={ui} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
