import {
  adminUsersHeaders,
  apiRoutes,
  type AdminBanRequest,
  type AdminGrantSupernoekRequest,
  type AdminUpdateUserRequest,
  type AdminUserRow,
  type AuditEntry,
  type TokenUsageReport,
} from '@noek/contracts';
import { api, apiSend } from '@noek/ui';

const a = apiRoutes.admin;
const one = (id: string) => ({ params: { id } });

export type UsersPage = { users: AdminUserRow[]; total: number };

/**
 * The admin calls of spec §7 through the one shared client (cookies travel; a non-2xx throws
 * "{status}: {body}"). The list is searched and paged on the server; the browser's HTTP cache revalidates
 * it with the ETag, so an unchanged 5-second refresh is a 304.
 */
export const adminApi = {
  async users(q: { search: string; page: number; pageSize: number }): Promise<UsersPage> {
    const search = q.search.trim() || undefined;
    const res = await apiSend(a.users, { query: { page: q.page, pageSize: q.pageSize, search } });
    const users = a.users.response.parse(await res.json());
    return { users, total: Number(res.headers.get(adminUsersHeaders.totalCount) ?? users.length) };
  },
  updateUser: (id: string, body: AdminUpdateUserRequest) => api(a.updateUser, { ...one(id), body }),
  resetPassword: (id: string) => api(a.resetPassword, one(id)),
  resetUsage: (id: string) => api(a.resetUsage, one(id)),
  updateUsage: (id: string, messageCount: number) =>
    api(a.updateUsage, { ...one(id), body: { messageCount } }),
  setBlocked: (id: string, isBlocked: boolean) => api(a.block, { ...one(id), body: { isBlocked } }),
  ban: (id: string, body: AdminBanRequest) => api(a.ban, { ...one(id), body }),
  unban: (id: string) => api(a.unban, one(id)),
  grantSupernoek: (id: string, body: AdminGrantSupernoekRequest) =>
    api(a.grantSupernoek, { ...one(id), body }),
  userAudit: (id: string): Promise<AuditEntry[]> => api(a.userAudit, one(id)),
  userTokens: (id: string, days: number): Promise<TokenUsageReport> =>
    api(a.userTokens, { ...one(id), query: { days } }),
  recentAudit: (limit = 10): Promise<AuditEntry[]> => api(a.recentAudit, { query: { limit } }),
};
