/**
 * The product as the browser journeys see it. Runs in vitest's main process; tests reach the pieces they
 * need (captured mail, stopping a remote, crashing the chat service) over a small loopback HTTP control
 * server.
 */
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { recreateDatabase } from '@noek/db';
import { launchProduct, remoteNames, type RemoteName } from '../scripts/lib/launch';
import { startMailCapture, type MailCapture } from './mail-capture';
import { startNatsServer } from './support/nats-server';
import { e2eEnv } from './config';

export type Product = { baseUrl: string; mailboxUrl: string; controlUrl: string; stop(): Promise<void> };

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const addr = server.address();
      resolve(`http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`);
    }),
  );
}

type RemoteControl = { stop(name: RemoteName): Promise<void>; start(name: RemoteName): Promise<void> };
/** SIGKILLs the chat service and starts it again, as a supervisor would (a crash in the middle of a reply). */
type Crash = () => Promise<void>;

function controlServer(mail: MailCapture, remotes: RemoteControl, crashChat: Crash): Server {
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.method === 'GET' && url.pathname === '/mail') {
      json(200, mail.messages(url.searchParams.get('to') ?? undefined));
    } else if (req.method === 'POST' && /^\/remotes\/[a-z]+\/(stop|start)$/.test(url.pathname)) {
      const [, , name, verb] = url.pathname.split('/') as [string, string, RemoteName, 'stop' | 'start'];
      if (!remoteNames.includes(name)) return json(404, { message: 'unknown remote' });
      void remotes[verb](name).then(() => json(200, { [verb === 'stop' ? 'stopped' : 'started']: name }));
    } else if (req.method === 'POST' && url.pathname === '/services/chat/crash') {
      void crashChat().then(() => json(200, { restarted: 'chat' }));
    } else {
      json(404, { message: 'not found' });
    }
  });
}

export async function startProduct(): Promise<Product> {
  const env = e2eEnv();
  await recreateDatabase(env.E2E_DATABASE_URL);
  const nats = await startNatsServer(env.NATS_SERVER_BIN, env.E2E_NATS_PORT);
  const mail = await startMailCapture();
  const logs: string[] = [];
  const product = await launchProduct({
    gatewayPort: env.E2E_GATEWAY_PORT,
    servicePortBase: env.E2E_SERVICE_PORT_BASE,
    separateRemotes: true,
    output: 'pipe',
    log: (line) => {
      logs.push(line);
      if (env.E2E_VERBOSE) console.log(line);
    },
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: env.E2E_DATABASE_URL,
      NATS_URL: nats.url,
      SMTP_URL: mail.url,
      MAIL_FROM: 'Noek <no-reply@noek.localhost>',
      APP_ORIGIN: `http://localhost:${env.E2E_GATEWAY_PORT}`,
      MARKETING_HOSTS: 'noek.localhost',
      CHAT_HOSTS: 'chat.noek.localhost',
      KEYS_DIR: join(import.meta.dirname, '..', '.data', 'e2e-keys'),
      // Every journey signs up from one address; the limits themselves are covered by the API tests.
      AUTH_RATE_LIMIT_SCALE: '50',
      ADMIN_EMAIL: 'admin@noek.localhost',
      ADMIN_PASSWORD: 'admin-password-e2e',
    },
  }).catch((err: Error) => {
    console.error(logs.slice(-60).join('\n'));
    void mail.close();
    void nats.stop();
    throw err;
  });
  const control = controlServer(mail, { stop: product.stopRemote, start: product.startRemote }, async () => {
    await product.signal('chat', 'SIGKILL');
    await product.restart('chat');
  });
  const controlUrl = await listen(control);
  return {
    baseUrl: `http://localhost:${env.E2E_GATEWAY_PORT}`,
    mailboxUrl: `${controlUrl}/mail`,
    controlUrl,
    stop: async () => {
      control.close();
      await product.stop();
      await mail.close();
      await nats.stop();
    },
  };
}
