import { describe, expect, it } from 'vitest';
import { loadBillingConfig } from './config';

const base = { DATABASE_URL: 'postgresql://localhost/noek', KEYS_DIR: '/keys' };
const problem = (env: Record<string, string>) => {
  try {
    loadBillingConfig({ ...base, ...env });
    return null;
  } catch (err) {
    return (err as Error).message;
  }
};

describe('billing configuration', () => {
  it('starts with no payments at all (status answers basic, the rest 503)', () => {
    const c = loadBillingConfig(base);
    expect(c).toMatchObject({
      PORT: 4003,
      SUPERNOEK_PRICE_AMOUNT: 3000,
      SUPERNOEK_CURRENCY: 'usd',
      WEBHOOK_TOLERANCE_SECONDS: 300,
      RECONCILE_INTERVAL_MS: 60_000,
    });
    expect(c.STRIPE_SECRET_KEY).toBeUndefined();
  });

  it('refuses to start with payments but no webhook secret (a plan could never be applied)', () => {
    expect(problem({ STRIPE_SECRET_KEY: 'sk_test_x' })).toMatch(/STRIPE_WEBHOOK_SECRET/);
    expect(
      problem({ PAYMENT_SIMULATOR_URL: 'http://127.0.0.1:4242', PAYMENT_SIMULATOR_KEY: 'sk_test_s' }),
    ).toMatch(/STRIPE_WEBHOOK_SECRET/);
    expect(problem({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toBeNull();
  });

  it('refuses the simulator without its key, and keys of the wrong kind', () => {
    const sim = { PAYMENT_SIMULATOR_URL: 'http://127.0.0.1:4242', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    expect(problem(sim)).toMatch(/PAYMENT_SIMULATOR_KEY/);
    expect(problem({ ...sim, PAYMENT_SIMULATOR_KEY: 'sk_live_x' })).toMatch(/PAYMENT_SIMULATOR_KEY/);
    expect(problem({ STRIPE_PUBLISHABLE_KEY: 'sk_test_secret' })).toMatch(/STRIPE_PUBLISHABLE_KEY/);
    expect(problem({ STRIPE_PRICE_ID: 'prod_x' })).toMatch(/STRIPE_PRICE_ID/);
    expect(problem({ SUPERNOEK_CURRENCY: 'USD' })).toMatch(/SUPERNOEK_CURRENCY/);
    expect(problem({ WEBHOOK_TOLERANCE_SECONDS: '0' })).toMatch(/WEBHOOK_TOLERANCE_SECONDS/);
    // A host:port without its scheme parses as a URL of scheme 'auth:' that nothing can call.
    expect(problem({ AUTH_URL: 'auth:4001' })).toMatch(/AUTH_URL/);
    expect(
      problem({
        PAYMENT_SIMULATOR_URL: 'sim:4242',
        PAYMENT_SIMULATOR_KEY: 'sk_test_s',
        STRIPE_WEBHOOK_SECRET: 'w',
      }),
    ).toMatch(/PAYMENT_SIMULATOR_URL/);
  });

  it("needs auth's public key (a PEM), or the folder holding it", () => {
    expect(() => loadBillingConfig({ DATABASE_URL: base.DATABASE_URL })).toThrow(/AUTH_PUBLIC_KEY/);
    expect(problem({ AUTH_PUBLIC_KEY: 'not a pem' })).toMatch(/AUTH_PUBLIC_KEY/);
  });

  it('takes the simulator address without its trailing slash (the SDK and the test-card calls join paths)', () => {
    const c = loadBillingConfig({
      ...base,
      PAYMENT_SIMULATOR_URL: 'http://127.0.0.1:4242//',
      PAYMENT_SIMULATOR_KEY: 'sk_test_s',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    });
    expect(c.PAYMENT_SIMULATOR_URL).toBe('http://127.0.0.1:4242');
  });
});
