import { vi } from 'vitest';
import type { PaymentConfig, SubscriptionStatus } from '@noek/contracts';

export const simulatedConfig: PaymentConfig = {
  mode: 'simulated',
  publishableKey: null,
  priceAmount: 3000,
  currency: 'usd',
  interval: 'month',
};

export const activeStatus: SubscriptionStatus = {
  isActive: true,
  plan: 'supernoek',
  currentPeriodEnd: '2026-12-25T10:00:00.000Z',
  cancelAtPeriodEnd: false,
  status: 'active',
};

export type Call = { method: string; path: string };
type Answer = { status?: number; body?: unknown } | undefined;

/**
 * The billing API at the network edge: every call is recorded, `answer` gives its status and body
 * (a call it leaves unanswered is a 500).
 */
export function stubBillingFetch(answer: (call: Call) => Answer): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const call = { method: init?.method ?? 'GET', path: new URL(input, 'http://localhost').pathname };
      calls.push(call);
      const a = answer(call) ?? { status: 500 };
      const status = a.status ?? 200;
      const text =
        a.body === undefined && status >= 400
          ? '{"code":"INTERNAL","message":"Something went wrong"}'
          : JSON.stringify(a.body);
      return new Response(text, { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}
