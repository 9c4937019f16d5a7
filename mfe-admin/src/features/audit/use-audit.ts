import { useQuery } from '@tanstack/react-query';
import { ADMIN_USERS_REFRESH_MS } from '@noek/contracts';
import { adminApi } from '../users/admin-api';
import { adminKeys } from '../users/use-admin-users';

export const useRecentAudit = () =>
  useQuery({
    queryKey: adminKeys.recentAudit,
    queryFn: () => adminApi.recentAudit(10),
    refetchInterval: ADMIN_USERS_REFRESH_MS,
    staleTime: 0,
  });

export const useUserAudit = (id: string) =>
  useQuery({ queryKey: adminKeys.userAudit(id), queryFn: () => adminApi.userAudit(id), staleTime: 0 });
