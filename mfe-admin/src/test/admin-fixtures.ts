import { vi } from 'vitest';
import type { AdminUserRow } from '@noek/contracts';
import { sampleUser } from '@noek/contracts/testing/sample-user';

/** A row of the admin users list, as the admin service answers it. */
export const adminRow = (email: string, over: Partial<AdminUserRow> = {}): AdminUserRow => ({
  ...sampleUser({ id: crypto.randomUUID(), email, name: email.split('@')[0]! }),
  createdAt: new Date().toISOString(),
  messageLimit: 3000,
  resetPeriodHours: 24,
  usageWindowStartedAt: null,
  usageResetsAt: null,
  banReason: null,
  bannedUntil: null,
  supernoekExpiresAt: null,
  usageAvailable: true,
  ...over,
});

export type Call = { method: string; path: string; body: unknown };
type Answer = { status?: number; body?: unknown } | undefined;

/** What a write on one user answers when the test gives no body: the user's row (contracts' adminUser). */
const writtenRow = (call: Call): unknown =>
  call.method !== 'GET' && /^\/api\/admin\/users\/[^/]+(\/[a-z-]+)?$/.test(call.path)
    ? { user: adminRow('written@example.com') }
    : undefined;

/**
 * The admin API at the network edge: every call is recorded; `answer` gives the status and body of a
 * call (default: a write on a user answers its row, anything else a 204 with no body).
 */
export function stubAdminFetch(answer: (call: Call) => Answer = () => undefined): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      const call = { method: init?.method ?? 'GET', path: url.pathname, body };
      calls.push(call);
      const given = answer(call);
      const a = { ...given, body: given?.body ?? writtenRow(call) };
      const status = a.status ?? (a.body === undefined ? 204 : 200);
      if (status === 204) return new Response(null, { status });
      // An error answer is the test's own body when it gives one (a field error), else a generic one.
      const text =
        status >= 400
          ? JSON.stringify(given?.body ?? { code: 'INTERNAL', message: 'Something went wrong' })
          : JSON.stringify(a.body);
      return new Response(text, { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}
