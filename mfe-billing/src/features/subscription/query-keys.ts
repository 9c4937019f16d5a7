/** React Query keys of the billing remote, in one place so reads, writes and invalidations agree. */
export const billingKeys = {
  status: ['billing', 'status'] as const,
  config: ['billing', 'config'] as const,
  /** The provider's message for the last declined card in this page (the account screen names it). */
  lastDecline: ['billing', 'last-decline'] as const,
};
