import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE, ADMIN_USERS_REFRESH_MS } from '@noek/contracts';
import { adminApi } from './admin-api';

export const adminKeys = {
  all: ['admin'] as const,
  users: (search: string, page: number) => ['admin', 'users', search, page] as const,
  userAudit: (id: string) => ['admin', 'audit', id] as const,
  recentAudit: ['admin', 'audit', 'recent'] as const,
};

/** Spec §7/§9: polled every 5 seconds, also in the background; the previous page stays while the next loads. */
export function useAdminUsers(search: string, page: number) {
  return useQuery({
    queryKey: adminKeys.users(search, page),
    queryFn: () => adminApi.users({ search, page, pageSize: ADMIN_PAGE_SIZE }),
    refetchInterval: ADMIN_USERS_REFRESH_MS,
    refetchIntervalInBackground: true,
    // An admin opening the dashboard again sees the users as they are now, not as first cached.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** After an action: the table and the activity lists reload. */
export function useRefreshAdmin() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: adminKeys.all });
}
