import {
  adminResetPasswordResponseSchema,
  adminUserListResponseSchema,
  adminUserResponseSchema,
  adminUsersHeaders,
  apiRoutes,
  auditListResponseSchema,
  routePath,
  type AdminBanRequest,
  type AdminGrantSupernoekRequest,
  type AdminUpdateUserRequest,
  type AdminUserRow,
  type AuditEntry,
} from '@noek/contracts';
import { apiRequest } from '@noek/ui';

const a = apiRoutes.admin;
const path = (r: { path: string }, id: string) => routePath(r as never, { id });

export type UsersPage = { users: AdminUserRow[]; total: number };

/**
 * The admin calls of spec §7 through the one shared client (cookies travel; a non-2xx throws
 * "{status}: {body}"). The list is searched and paged on the server; the browser's HTTP cache revalidates
 * it with the ETag, so an unchanged 5-second refresh is a 304.
 */
export const adminApi = {
  async users(q: { search: string; page: number; pageSize: number }): Promise<UsersPage> {
    const params = new URLSearchParams({ page: String(q.page), pageSize: String(q.pageSize) });
    if (q.search.trim()) params.set('search', q.search.trim());
    const res = await apiRequest('GET', `${a.users.path}?${params}`);
    const users = adminUserListResponseSchema.parse(await res.json());
    return { users, total: Number(res.headers.get(adminUsersHeaders.totalCount) ?? users.length) };
  },
  updateUser: async (id: string, body: AdminUpdateUserRequest) =>
    adminUserResponseSchema.parse(await (await apiRequest('PATCH', path(a.updateUser, id), body)).json()),
  resetPassword: async (id: string) =>
    adminResetPasswordResponseSchema.parse(
      await (await apiRequest('POST', path(a.resetPassword, id))).json(),
    ),
  resetUsage: async (id: string) => apiRequest('POST', path(a.resetUsage, id)),
  updateUsage: async (id: string, messageCount: number) =>
    apiRequest('PATCH', path(a.updateUsage, id), { messageCount }),
  setBlocked: async (id: string, isBlocked: boolean) => apiRequest('PATCH', path(a.block, id), { isBlocked }),
  ban: async (id: string, body: AdminBanRequest) => apiRequest('POST', path(a.ban, id), body),
  unban: async (id: string) => apiRequest('POST', path(a.unban, id)),
  grantSupernoek: async (id: string, body: AdminGrantSupernoekRequest) =>
    apiRequest('POST', path(a.grantSupernoek, id), body),
  async userAudit(id: string): Promise<AuditEntry[]> {
    return auditListResponseSchema.parse(await (await apiRequest('GET', path(a.userAudit, id))).json());
  },
  async recentAudit(limit = 10): Promise<AuditEntry[]> {
    return auditListResponseSchema.parse(
      await (await apiRequest('GET', `${a.recentAudit.path}?limit=${limit}`)).json(),
    );
  },
};
