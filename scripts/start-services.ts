/**
 * `npm run start:services`: the gateway and each service as separate processes, on the real PostgreSQL
 * and NATS given by DATABASE_URL and NATS_URL (defaulting to the local servers). Ctrl+C stops them all.
 */
import { launchProduct } from './lib/launch';
import { checkLocalServers } from './lib/preflight';
import { scriptEnv } from './lib/config';

const env = scriptEnv();
const missing = await checkLocalServers();
if (missing.length > 0) {
  console.error(`Cannot start: ${missing.join('; ')}`);
  process.exit(1);
}
const product = await launchProduct({
  gatewayPort: env.PORT,
  servicePortBase: env.SERVICE_PORT_BASE,
  env: { DATABASE_URL: env.DATABASE_URL, NATS_URL: env.NATS_URL },
  replicas: { auth: env.AUTH_REPLICAS, chat: env.CHAT_REPLICAS },
});
console.log(`\n  Noek is running at ${product.gatewayUrl.replace('127.0.0.1', 'localhost')}`);
if (product.paymentSimulatorUrl) {
  console.log(
    `  payments: simulated, no real money (local payment simulator at ${product.paymentSimulatorUrl})`,
  );
}
console.log(
  `  services: ${Object.entries(product.replicaUrls)
    .map(([n, u]) => `${n} ${u}`)
    .join(', ')}\n`,
);
const stop = () => void product.stop().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
