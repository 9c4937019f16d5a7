import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { fetchJson } from '@noek/ui';

/** Spec §7: a read is a GET on the path given by the query key, e.g. ['/api/conversations']. */
const getByPath: QueryFunction = ({ queryKey }) => fetchJson(queryKey.join('/'));

/**
 * One QueryClient for the shell and every remote (react-query is a shared singleton).
 * Spec §7: never stale, no refetch on window focus, no retries.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { queryFn: getByPath, staleTime: 0, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}
