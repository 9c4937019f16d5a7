/**
 * `npm start`: the whole product in this one process with embedded defaults (PostgreSQL in WebAssembly
 * under .data/, the in-process event bus, the dev mailbox, the offline assistant). Nothing to install but
 * Node. Every part that has real configuration (SMTP_URL, OPENAI_API_KEY, ...) uses it instead.
 */
import { createGateway, loadGatewayConfig } from '@noek/gateway';
import { startEmbedded } from '@noek/runtime';
import { adminService } from '@noek/admin';
import { authService } from '@noek/auth';
import { billingService } from '@noek/billing';
import { chatService } from '@noek/chat';
import { describeEmbedded, devMailboxBindProblem, embeddedDefaults } from './lib/embedded-defaults';
import { withProviderSecret, withSigningKeys } from './lib/keys';
import { startSimulatedPayments } from './lib/simulated-payments';

const baseEnv = withProviderSecret(withSigningKeys(embeddedDefaults(process.env)));
const refusal = devMailboxBindProblem(baseEnv);
if (refusal) {
  console.error(refusal);
  process.exit(1);
}
// No Stripe key: the local payment simulator, its webhooks sent to the gateway's port.
const payments = await startSimulatedPayments(baseEnv, `http://127.0.0.1:${baseEnv.PORT}`);
const env = { ...baseEnv, ...payments?.env };

await startEmbedded({
  env,
  services: { auth: authService, chat: chatService, billing: billingService, admin: adminService },
  startGateway: async (gatewayEnv, bus) => {
    const gateway = createGateway(loadGatewayConfig(gatewayEnv), { bus });
    const { url } = await gateway.start();
    return { url: url.replace('127.0.0.1', 'localhost'), stop: () => gateway.stop() };
  },
  describe: describeEmbedded,
}).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
