import { newWebhookSecret, startPaymentSimulator } from '@noek/payment-simulator';

type Env = Record<string, string | undefined>;

export interface SimulatedPayments {
  /** What billing needs to use the simulator: PAYMENT_SIMULATOR_URL, its key and STRIPE_WEBHOOK_SECRET. */
  env: Env;
  url: string;
  stop(): Promise<void>;
}

/**
 * With no Stripe key configured, payments run against the local payment simulator (decisions.md), which
 * delivers its signed webhooks to billing through the gateway like Stripe would. Null when Stripe (or an
 * already running simulator) is configured.
 */
export async function startSimulatedPayments(
  env: Env,
  gatewayUrl: string,
): Promise<SimulatedPayments | null> {
  if (env.STRIPE_SECRET_KEY || env.PAYMENT_SIMULATOR_URL) return null;
  const secret = newWebhookSecret();
  const sim = await startPaymentSimulator({
    webhooks: [{ url: `${gatewayUrl}/api/payment/webhook`, secret }],
    log: (line) => console.error(`[payment simulator] ${line}`),
  });
  return {
    env: {
      PAYMENT_SIMULATOR_URL: sim.url,
      PAYMENT_SIMULATOR_KEY: sim.secretKey,
      STRIPE_WEBHOOK_SECRET: secret,
    },
    url: sim.url,
    stop: () => sim.close(),
  };
}
