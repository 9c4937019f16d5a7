/** 3000, 'usd' → '$30.00'. */
export function formatPrice(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    amount / 100,
  );
}

/** An ISO date → 'December 23, 2026'. */
export function formatDate(iso: string | null): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/**
 * Spec §4: Active, 'Cancelling' while cancelAtPeriodEnd, Past due while the card is retried. A first
 * payment that did not go through (declined, or the form left before paying) is said plainly.
 */
export function statusLabel(s: { status: string; cancelAtPeriodEnd: boolean; isActive: boolean }): string {
  if (s.isActive && s.cancelAtPeriodEnd) return 'Cancelling';
  if (s.status === 'past_due') return 'Past due';
  if (s.isActive) return 'Active';
  if (s.status === 'incomplete') return 'Payment not completed';
  if (s.status === 'unpaid') return 'Unpaid';
  if (s.status === 'canceled') return 'Ended';
  return 'Free';
}
