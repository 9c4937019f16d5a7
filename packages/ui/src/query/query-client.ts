import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiCall } from '../http/api-client';

/**
 * Spec §7's cache policy, written once for the shell and every remote: data is never stale (it is
 * fetched again only when a change invalidates it), no refetch on window focus, no retries.
 */
export const queryPolicy = {
  staleTime: Infinity,
  refetchOnWindowFocus: false,
  retry: false,
} as const;

/** Spec §7: a default read is a GET on the path given by the query key, e.g. ['/api/version']. */
const getByPath: QueryFunction = ({ queryKey }) =>
  apiCall({ method: 'GET', path: queryKey.join('/') }, { parse: (data) => data });

/**
 * The one QueryClient factory. The shell makes the client and provides it; react-query is a shared
 * singleton, so every remote's hooks use that same client (and sign-out clears one cache).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { queryFn: getByPath, ...queryPolicy },
      mutations: { retry: false },
    },
  });
}
