/**
 * The product as separate processes on a PostgreSQL cluster, a NATS server and an SMTP capture of its own,
 * for runs that break things (the fault run) or measure them (bench:replicas, bench:revocation): nothing
 * is shared with the machine's servers. Limits are raised so the run's own traffic never meets them.
 */
import { freePort, freePortRange } from '@noek/service-kit';
import { launchProduct, type Launched, type ServiceName } from '../../scripts/lib/launch';
import { startMailCapture, type MailCapture } from '../mail-capture';
import { startNatsServer, type NatsServer } from './nats-server';
import { startPrivatePostgres, type PrivatePostgres } from './private-postgres';

export type PrivateProduct = {
  product: Launched;
  pg: PrivatePostgres;
  nats: NatsServer;
  mail: MailCapture;
  /** The gateway as a browser names it (http://localhost:<port>). */
  base: string;
  stop(): Promise<void>;
};

export async function startPrivateProduct(o: {
  replicas?: Partial<Record<ServiceName, number>>;
  /** Extra environment for every process (OFFLINE_WORD_DELAY_MS, ...). */
  env?: NodeJS.ProcessEnv;
  log: (line: string) => void;
}): Promise<PrivateProduct> {
  const pg = startPrivatePostgres(await freePort());
  const nats = await startNatsServer(process.env.NATS_SERVER_BIN ?? 'nats-server', await freePort());
  const mail = await startMailCapture();
  // The services' ports and the gateway's, below the ephemeral range (freePortRange says why).
  const servicePortBase = await freePortRange(40);
  const gatewayPort = servicePortBase + 39;
  const base = `http://localhost:${gatewayPort}`;
  const cleanup = async () => {
    await Promise.all([nats.stop(), mail.close()]);
    pg.close();
  };
  try {
    const product = await launchProduct({
      gatewayPort,
      servicePortBase,
      output: 'pipe',
      replicas: o.replicas,
      log: o.log,
      env: {
        LOG_LEVEL: 'warn',
        DATABASE_URL: pg.url,
        NATS_URL: nats.url,
        SMTP_URL: mail.url,
        APP_ORIGIN: base,
        RATE_LIMIT_PER_MINUTE: '1000000',
        RATE_LIMIT_BURST: '100000',
        AUTH_RATE_LIMIT_SCALE: '1000',
        ...o.env,
      },
    });
    return {
      product,
      pg,
      nats,
      mail,
      base,
      stop: async () => {
        await product.stop();
        await cleanup();
      },
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
}
