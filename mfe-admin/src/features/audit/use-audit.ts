import { useQuery } from '@tanstack/react-query';
import { recentAuditQuery, userAuditQuery } from '../users/admin-queries';

export const useRecentAudit = () => useQuery(recentAuditQuery());

export const useUserAudit = (id: string) => useQuery(userAuditQuery(id));
