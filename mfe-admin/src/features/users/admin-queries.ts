import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE, ADMIN_USERS_REFRESH_MS } from '@noek/contracts';
import { adminApi } from './admin-api';
import { adminKeys } from './query-keys';

/**
 * The admin reads as queryOptions, each beside its call in admin-api.ts. The client is the shell's (spec
 * §7 policy: never stale, no retry); these say where the admin differs from it.
 */

/** Spec §7/§9: polled every 5 seconds, also in the background; the previous page stays while the next loads. */
export const usersQuery = (search: string, page: number) =>
  queryOptions({
    queryKey: adminKeys.users(search, page),
    queryFn: () => adminApi.users({ search, page, pageSize: ADMIN_PAGE_SIZE }),
    refetchInterval: ADMIN_USERS_REFRESH_MS,
    refetchIntervalInBackground: true,
    // An admin opening the dashboard again sees the users as they are now, not as first cached.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

/** The dashboard's recent activity, refreshed with the table. */
export const recentAuditQuery = () =>
  queryOptions({
    queryKey: adminKeys.recentAudit,
    queryFn: () => adminApi.recentAudit(10),
    refetchInterval: ADMIN_USERS_REFRESH_MS,
    staleTime: 0,
  });

/** One user's history, read again each time the dialog opens. */
export const userAuditQuery = (id: string) =>
  queryOptions({ queryKey: adminKeys.userAudit(id), queryFn: () => adminApi.userAudit(id), staleTime: 0 });

/** One user's tokens per model and day (chat's figures), read again each time the dialog opens. */
export const userTokensQuery = (id: string, days: number) =>
  queryOptions({
    queryKey: adminKeys.userTokens(id, days),
    queryFn: () => adminApi.userTokens(id, days),
    staleTime: 0,
  });
