/** React Query keys of the admin remote, in one place so reads and invalidations agree. */
export const adminKeys = {
  all: ['admin'] as const,
  users: (search: string, page: number) => ['admin', 'users', search, page] as const,
  userAudit: (id: string) => ['admin', 'audit', id] as const,
  recentAudit: ['admin', 'audit', 'recent'] as const,
  userTokens: (id: string, days: number) => ['admin', 'tokens', id, days] as const,
};
