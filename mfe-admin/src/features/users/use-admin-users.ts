import { useQuery, useQueryClient } from '@tanstack/react-query';
import { usersQuery } from './admin-queries';
import { adminKeys } from './query-keys';

/** One page of the searched user list (polled: admin-queries.ts). */
export const useAdminUsers = (search: string, page: number) => useQuery(usersQuery(search, page));

/** After an action: the table and the activity lists reload. */
export function useRefreshAdmin() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: adminKeys.all });
}
