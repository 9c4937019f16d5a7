import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '@noek/ui/query';

/** The one QueryClient of the page: the shell's and every remote's (react-query is a shared singleton). */
let client: QueryClient | null = null;
export function pageQueryClient(): QueryClient {
  client ??= createQueryClient();
  return client;
}

/**
 * Provides the page's QueryClient. Loaded only around what needs it (signed-in screens, remotes),
 * so the signed-out sign-in screen's first download has no react-query in it.
 */
export default function QueryRoot({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={pageQueryClient()}>{children}</QueryClientProvider>;
}
