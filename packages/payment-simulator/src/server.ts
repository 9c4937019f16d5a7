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
  /** Webhook endpoints to deliver to from the start (more can be added with POST /v1/webhook_endpoints). */
  webhooks?: { url: string; secret?: string }[];
  retryDelaysMs?: number[];
  log?: (line: string) => void;
}

export interface PaymentSimulator {
  /** http://host:port: point the stripe SDK at it with host, port and protocol 'http'. */
  url: string;
  host: string;
  port: number;
  /** A secret key it accepts (any sk_test_ key is accepted). */
  secretKey: string;
  endpoints: WebhookEndpoint[];
  webhooks: WebhookSender;
  clock: SimulatorClock;
  engine: BillingEngine;
  addWebhookEndpoint(url: string, secret?: string): WebhookEndpoint;
  /** Moves the simulator's clock forward and applies renewals, expiries and cancellations. */
  advanceClock(seconds: number): Promise<void>;
  close(): Promise<void>;
}

type Handler = (
  params: string[],
  body: FormObject,
  query: FormObject,
) => Json | Json[] | Promise<Json | Json[]>;
type Route = { method: string; pattern: RegExp; handler: Handler; listUrl?: string };

function asList(url: string, data: Json[], limit: number): Json {
  return { object: 'list', url, has_more: data.length > limit, data: data.slice(0, limit) };
}

function routesFor(e: BillingEngine, sim: () => PaymentSimulator): Route[] {
  const r = (method: string, path: string, handler: Handler, listUrl?: string): Route => ({
    method,
    pattern: new RegExp(`^${path.replace(/:id/g, '([A-Za-z0-9_]+)')}$`),
    handler,
    listUrl,
  });
  return [
    r('POST', '/v1/customers', (_, b) => e.createCustomer(b)),
    r('GET', '/v1/customers/:id', ([id]) => e.customer(id!)),
    r('POST', '/v1/products', (_, b) => e.createProduct(b)),
    r('POST', '/v1/prices', (_, b) => e.createPrice(b)),
    r('GET', '/v1/prices', (_, __, q) => e.listPrices(q), '/v1/prices'),
    r('GET', '/v1/prices/:id', ([id]) => e.price(id!)),
    r('POST', '/v1/payment_methods', (_, b) => e.createPaymentMethod(b)),
    r('GET', '/v1/payment_methods/:id', ([id]) => e.paymentMethod(id!)),
    r('POST', '/v1/subscriptions', (_, b) => e.createSubscription(b)),
    r('GET', '/v1/subscriptions', (_, __, q) => e.listSubscriptions(q), '/v1/subscriptions'),
    r('GET', '/v1/subscriptions/:id', ([id]) => e.subscription(id!)),
    r('POST', '/v1/subscriptions/:id', ([id], b) => e.updateSubscription(id!, b)),
    r('DELETE', '/v1/subscriptions/:id', ([id]) => e.cancelSubscription(id!)),
    r('GET', '/v1/invoices/:id', ([id]) => e.invoice(id!)),
    r('GET', '/v1/payment_intents/:id', ([id]) => e.paymentIntent(id!)),
    r('POST', '/v1/payment_intents/:id/confirm', ([id], b) => e.confirmPaymentIntent(id!, b)),
    r('POST', '/v1/webhook_endpoints', (_, b) => {
      const url = typeof b.url === 'string' ? b.url : '';
      if (!/^https?:\/\//.test(url)) throw invalid('url', 'Invalid URL.');
      const ep = sim().addWebhookEndpoint(url);
      return { id: ep.id, object: 'webhook_endpoint', url: ep.url, secret: ep.secret, status: 'enabled' };
    }),
    // The simulator's own controls (not Stripe's API): the 3-D Secure step, the clock, lost webhooks.
    r('POST', '/_simulator/payment_intents/:id/authenticate', ([id], b) =>
      e.authenticate(id!, b.succeed !== 'false'),
    ),
    r('POST', '/_simulator/clock/advance', async (_, b) => {
      await sim().advanceClock(Number(b.seconds ?? 0));
      return { now: sim().clock.nowSeconds() };
    }),
    r('POST', '/_simulator/webhooks/pause', () => ((sim().webhooks.paused = true), { paused: true })),
    r('POST', '/_simulator/webhooks/resume', () => ((sim().webhooks.paused = false), { paused: false })),
    r('GET', '/_simulator/health', () => ({ ok: true, now: sim().clock.nowSeconds() })),
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
  const store = new Store();
  const clock = new SimulatorClock();
  const webhooks = new WebhookSender({
    clock,
    apiVersion: SIMULATED_API_VERSION,
    retryDelaysMs: options.retryDelaysMs,
    onError: options.log,
  });
  let baseUrl = '';
  const engine = new BillingEngine(store, clock, webhooks, () => baseUrl);
  const holder: { sim?: PaymentSimulator } = {};
  const routes = routesFor(engine, () => holder.sim!);
  // Idempotency-Key → the first answer (in flight or done), as Stripe replays it for 24 hours.
  const idempotent = new Map<string, Promise<{ status: number; body: unknown }>>();

  const answer = async (req: IncomingMessage, path: string, query: FormObject) => {
    const route = routes.find((x) => x.method === req.method && x.pattern.test(path));
    if (!route)
      throw new StripeApiError(404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${req.method}: ${path}).`,
      });
    const auth = req.headers.authorization ?? '';
    if (path.startsWith('/v1/') && !/^Bearer sk_test_\S+$/.test(auth)) {
      throw new StripeApiError(401, {
        type: 'invalid_request_error',
        message: 'Invalid API Key provided (the simulator accepts any sk_test_ key).',
      });
    }
    const raw = await readBody(req);
    const body =
      (req.headers['content-type'] ?? '').includes('json') && raw
        ? (JSON.parse(raw) as FormObject)
        : parseForm(raw);
    engine.tick();
    const params = route.pattern.exec(path)!.slice(1);
    const result = await route.handler(params, body, query);
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
  const ticker = setInterval(() => engine.tick(), 1000);
  ticker.unref();
  const sim: PaymentSimulator = {
    url: baseUrl,
    host,
    port: addr.port,
    secretKey: 'sk_test_noek_simulator',
    endpoints: webhooks.endpoints,
    webhooks,
    clock,
    engine,
    addWebhookEndpoint: (url, secret) => webhooks.addEndpoint(url, secret),
    async advanceClock(seconds) {
      clock.advance(seconds);
      engine.tick();
      await webhooks.idle();
    },
    async close() {
      clearInterval(ticker);
      webhooks.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  holder.sim = sim;
  for (const w of options.webhooks ?? []) webhooks.addEndpoint(w.url, w.secret);
  return sim;
}
