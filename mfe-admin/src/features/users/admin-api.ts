import {
  adminResetPasswordResponseSchema,
  adminUserListResponseSchema,
  adminUserResponseSchema,
  adminUsersHeaders,
  apiRoutes,
  auditListResponseSchema,
  type AdminBanRequest,
  type AdminGrantSupernoekRequest,
  type AdminUpdateUserRequest,
  type AdminUserRow,
  type AuditEntry,
} from '@noek/contracts';
import { apiCall, apiSend, apiVoid } from '@noek/ui';

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
    const users = adminUserListResponseSchema.parse(await res.json());
    return { users, total: Number(res.headers.get(adminUsersHeaders.totalCount) ?? users.length) };
  },
  updateUser: (id: string, body: AdminUpdateUserRequest) =>
    apiCall(a.updateUser, { ...one(id), body, parse: adminUserResponseSchema.parse }),
  resetPassword: (id: string) =>
    apiCall(a.resetPassword, { ...one(id), parse: adminResetPasswordResponseSchema.parse }),
  resetUsage: (id: string) => apiVoid(a.resetUsage, one(id)),
  updateUsage: (id: string, messageCount: number) =>
    apiVoid(a.updateUsage, { ...one(id), body: { messageCount } }),
  setBlocked: (id: string, isBlocked: boolean) => apiVoid(a.block, { ...one(id), body: { isBlocked } }),
  ban: (id: string, body: AdminBanRequest) => apiVoid(a.ban, { ...one(id), body }),
  unban: (id: string) => apiVoid(a.unban, one(id)),
  grantSupernoek: (id: string, body: AdminGrantSupernoekRequest) =>
    apiVoid(a.grantSupernoek, { ...one(id), body }),
  userAudit: (id: string): Promise<AuditEntry[]> =>
    apiCall(a.userAudit, { ...one(id), parse: auditListResponseSchema.parse }),
  recentAudit: (limit = 10): Promise<AuditEntry[]> =>
    apiCall(a.recentAudit, { query: { limit }, parse: auditListResponseSchema.parse }),
};
