import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BillingEngine } from './engine';
import { invalid, StripeApiError } from './errors';
import { list, parseForm, type FormObject } from './form-body';
import { newId, SimulatorClock, Store, type Json } from './store';
import { WebhookSender, type WebhookEndpoint } from './webhooks';

/** The API version the simulator answers in (the one stripe-node 23 pins). */
export const SIMULATED_API_VERSION = '2026-10-28.endive';
const MAX_IDEMPOTENCY_KEYS = 10_000;

export interface PaymentSimulatorOptions {
  port?: number;
  host?: string;
  /** The first account's secret key (sk_test_…); unset: a random one, read back as `secretKey`. */
  secretKey?: string;
  /** Webhook endpoints to deliver to from the start (more can be added with POST /v1/webhook_endpoints). */
  webhooks?: { url: string; secret?: string }[];
  retryDelaysMs?: number[];
  log?: (line: string) => void;
}

/** One account, as at Stripe: its secret key, its objects, its clock and its webhook endpoints. */
export interface SimulatorAccount {
  secretKey: string;
  engine: BillingEngine;
  webhooks: WebhookSender;
  clock: SimulatorClock;
}

export interface PaymentSimulator {
  /** http://host:port: point the stripe SDK at it with host, port and protocol 'http'. */
  url: string;
  host: string;
  port: number;
  /** The first account's secret key: every route, the simulator's own controls included, requires it. */
  secretKey: string;
  endpoints: WebhookEndpoint[];
  webhooks: WebhookSender;
  clock: SimulatorClock;
  engine: BillingEngine;
  addWebhookEndpoint(url: string, secret?: string): WebhookEndpoint;
  /** Another account with its own key: it sees none of the first account's objects, nor they its. */
  addAccount(secretKey?: string): SimulatorAccount;
  /** Moves the first account's clock forward and applies renewals, expiries and cancellations. */
  advanceClock(seconds: number): Promise<void>;
  close(): Promise<void>;
}

type Handler = (
  params: string[],
  body: FormObject,
  query: FormObject,
  account: SimulatorAccount,
) => Json | Json[] | Promise<Json | Json[]>;
type Route = { method: string; pattern: RegExp; handler: Handler; listUrl?: string };

function asList(url: string, data: Json[], limit: number): Json {
  return { object: 'list', url, has_more: data.length > limit, data: data.slice(0, limit) };
}

export function newSecretKey(): string {
  return `sk_test_${randomBytes(24).toString('base64url')}`;
}

async function advance(a: SimulatorAccount, seconds: number): Promise<void> {
  a.clock.advance(seconds);
  a.engine.tick();
  await a.webhooks.idle();
}

function routes(): Route[] {
  const r = (method: string, path: string, handler: Handler, listUrl?: string): Route => ({
    method,
    pattern: new RegExp(`^${path.replace(/:id/g, '([A-Za-z0-9_]+)')}$`),
    handler,
    listUrl,
  });
  return [
    r('POST', '/v1/customers', (_, b, __, a) => a.engine.createCustomer(b)),
    r('GET', '/v1/customers', (_, __, ___, a) => a.engine.listCustomers(), '/v1/customers'),
    r('GET', '/v1/customers/:id', ([id], _, __, a) => a.engine.customer(id!)),
    r('POST', '/v1/products', (_, b, __, a) => a.engine.createProduct(b)),
    r('POST', '/v1/prices', (_, b, __, a) => a.engine.createPrice(b)),
    r('GET', '/v1/prices', (_, __, q, a) => a.engine.listPrices(q), '/v1/prices'),
    r('GET', '/v1/prices/:id', ([id], _, __, a) => a.engine.price(id!)),
    r('POST', '/v1/payment_methods', (_, b, __, a) => a.engine.createPaymentMethod(b)),
    r('GET', '/v1/payment_methods/:id', ([id], _, __, a) => a.engine.paymentMethod(id!)),
    r('POST', '/v1/subscriptions', (_, b, __, a) => a.engine.createSubscription(b)),
    r('GET', '/v1/subscriptions', (_, __, q, a) => a.engine.listSubscriptions(q), '/v1/subscriptions'),
    r('GET', '/v1/subscriptions/:id', ([id], _, __, a) => a.engine.subscription(id!)),
    r('POST', '/v1/subscriptions/:id', ([id], b, __, a) => a.engine.updateSubscription(id!, b)),
    r('DELETE', '/v1/subscriptions/:id', ([id], _, __, a) => a.engine.cancelSubscription(id!)),
    r('GET', '/v1/invoices/:id', ([id], _, __, a) => a.engine.invoice(id!)),
    r('GET', '/v1/payment_intents/:id', ([id], _, __, a) => a.engine.paymentIntent(id!)),
    r('POST', '/v1/payment_intents/:id/confirm', ([id], b, __, a) => a.engine.confirmPaymentIntent(id!, b)),
    r('POST', '/v1/webhook_endpoints', (_, b, __, a) => {
      const url = typeof b.url === 'string' ? b.url : '';
      if (!/^https?:\/\//.test(url)) throw invalid('url', 'Invalid URL.');
      const ep = a.webhooks.addEndpoint(url);
      return { id: ep.id, object: 'webhook_endpoint', url: ep.url, secret: ep.secret, status: 'enabled' };
    }),
    // The simulator's own controls (not Stripe's API), for the key's account only: the 3-D Secure step,
    // the clock, lost webhooks.
    r('POST', '/_simulator/payment_intents/:id/authenticate', ([id], b, __, a) =>
      a.engine.authenticate(id!, b.succeed !== 'false'),
    ),
    r('POST', '/_simulator/clock/advance', async (_, b, __, a) => {
      await advance(a, Number(b.seconds ?? 0));
      return { now: a.clock.nowSeconds() };
    }),
    r(
      'POST',
      '/_simulator/webhooks/pause',
      (_, __, ___, a) => ((a.webhooks.paused = true), { paused: true }),
    ),
    r(
      'POST',
      '/_simulator/webhooks/resume',
      (_, __, ___, a) => ((a.webhooks.paused = false), { paused: false }),
    ),
    r('GET', '/_simulator/health', (_, __, ___, a) => ({ ok: true, now: a.clock.nowSeconds() })),
  ];
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 1_000_000) throw invalid('body', 'Request body too large.');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'request-id': newId('req'),
    'stripe-version': SIMULATED_API_VERSION,
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

/**
 * A local server that speaks the part of Stripe's HTTP API Noek's billing uses, so the real `stripe` SDK
 * runs against it unchanged (its `host`, `port` and `protocol` options). State lives in memory.
 */
export async function startPaymentSimulator(
  options: PaymentSimulatorOptions = {},
): Promise<PaymentSimulator> {
  let baseUrl = '';
  const accounts = new Map<string, SimulatorAccount>();
  const addAccount = (secretKey = newSecretKey()): SimulatorAccount => {
    if (!/^sk_test_\S+$/.test(secretKey)) throw new Error('a simulator secret key starts with sk_test_');
    const clock = new SimulatorClock();
    const webhooks = new WebhookSender({
      clock,
      apiVersion: SIMULATED_API_VERSION,
      retryDelaysMs: options.retryDelaysMs,
      onError: options.log,
    });
    const account = {
      secretKey,
      clock,
      webhooks,
      engine: new BillingEngine(new Store(), clock, webhooks, () => baseUrl),
    };
    accounts.set(secretKey, account);
    return account;
  };
  const first = addAccount(options.secretKey);
  const table = routes();
  // Idempotency-Key → the first answer (in flight or done), per account, as Stripe replays it for 24 hours.
  const idempotent = new Map<string, Promise<{ status: number; body: unknown }>>();

  /** The account whose secret key the request carries; anything else is refused as Stripe refuses it. */
  const accountOf = (req: IncomingMessage): SimulatorAccount => {
    const key = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    const account = key ? accounts.get(key) : undefined;
    if (account) return account;
    throw new StripeApiError(401, {
      type: 'invalid_request_error',
      message: key
        ? `Invalid API Key provided: ${key.slice(0, 8)}****${key.slice(-4)}`
        : 'You did not provide an API key.',
    });
  };

  const answer = async (req: IncomingMessage, path: string, query: FormObject) => {
    const account = accountOf(req);
    const route = table.find((x) => x.method === req.method && x.pattern.test(path));
    if (!route)
      throw new StripeApiError(404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${req.method}: ${path}).`,
      });
    const raw = await readBody(req);
    const body =
      (req.headers['content-type'] ?? '').includes('json') && raw
        ? (JSON.parse(raw) as FormObject)
        : parseForm(raw);
    const { engine } = account;
    engine.tick();
    const params = route.pattern.exec(path)!.slice(1);
    const result = await route.handler(params, body, query, account);
    const expand = [...list(body.expand), ...list(query.expand)];
    if (Array.isArray(result)) {
      const limit = Math.min(Number(query.limit ?? 10) || 10, 100);
      return {
        status: 200,
        body: asList(
          route.listUrl ?? path,
          result.map((o) =>
            engine.present(
              o,
              expand.map((x) => x.replace(/^data\./, '')),
            ),
          ),
          limit,
        ),
      };
    }
    return { status: 200, body: engine.present(result, expand) };
  };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://simulator');
    const key = req.headers['idempotency-key'];
    const run = () =>
      answer(req, url.pathname, parseForm(url.search.slice(1))).catch((err: unknown) => {
        if (err instanceof StripeApiError) return { status: err.status, body: { error: err.body } };
        options.log?.(`simulator error: ${err instanceof Error ? err.stack : String(err)}`);
        return {
          status: 500,
          body: { error: { type: 'api_error', message: 'The payment simulator failed.' } },
        };
      });
    let pending: Promise<{ status: number; body: unknown }>;
    if (typeof key === 'string' && req.method === 'POST') {
      const scoped = `${req.headers.authorization ?? ''} ${key}`;
      pending = idempotent.get(scoped) ?? run();
      if (idempotent.has(scoped)) req.resume();
      idempotent.set(scoped, pending);
      // Bounded: the oldest keys go first (Stripe keeps them 24 hours; a local session needs far fewer).
      if (idempotent.size > MAX_IDEMPOTENCY_KEYS) idempotent.delete(idempotent.keys().next().value!);
    } else pending = run();
    void pending.then(({ status, body }) => send(res, status, body));
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const addr = server.address() as AddressInfo;
  const host = options.host ?? '127.0.0.1';
  baseUrl = `http://${host}:${addr.port}`;
  // Renewals and expiries happen as (simulated) time passes, not only when someone asks.
  const ticker = setInterval(() => {
    for (const a of accounts.values()) a.engine.tick();
  }, 1000);
  ticker.unref();
  const sim: PaymentSimulator = {
    url: baseUrl,
    host,
    port: addr.port,
    secretKey: first.secretKey,
    endpoints: first.webhooks.endpoints,
    webhooks: first.webhooks,
    clock: first.clock,
    engine: first.engine,
    addWebhookEndpoint: (url, secret) => first.webhooks.addEndpoint(url, secret),
    addAccount,
    advanceClock: (seconds) => advance(first, seconds),
    async close() {
      clearInterval(ticker);
      for (const a of accounts.values()) a.webhooks.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  for (const w of options.webhooks ?? []) first.webhooks.addEndpoint(w.url, w.secret);
  return sim;
}
