import { createHmac, randomBytes } from 'node:crypto';
import { newId, type Json, type SimulatorClock } from './store';

export interface WebhookEndpoint {
  id: string;
  url: string;
  /** whsec_...: the signing secret the receiver verifies with. */
  secret: string;
}

export interface Delivery {
  eventId: string;
  type: string;
  url: string;
  status: number | 'error';
  attempt: number;
}

/** Stripe's signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload" keyed by the secret>`. */
export function signatureHeader(payload: string, secret: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

export interface WebhookOptions {
  clock: SimulatorClock;
  apiVersion: string;
  /** Delays between attempts of one delivery (Stripe retries for days; the simulator for seconds). */
  retryDelaysMs?: number[];
  onError?: (message: string) => void;
}

/**
 * Sends events to the registered endpoints, signed, one at a time per endpoint and in order, retrying a
 * failed delivery (non-2xx or no answer). While paused, events are recorded but never delivered: a
 * webhook that is lost (tests of reconciliation).
 */
export class WebhookSender {
  readonly endpoints: WebhookEndpoint[] = [];
  readonly deliveries: Delivery[] = [];
  paused = false;
  private queue: Promise<void> = Promise.resolve();
  private readonly retryDelaysMs: number[];
  private closed = false;

  constructor(private readonly o: WebhookOptions) {
    this.retryDelaysMs = o.retryDelaysMs ?? [250, 1000, 3000, 10_000];
  }

  addEndpoint(url: string, secret = newWebhookSecret()): WebhookEndpoint {
    const endpoint = { id: newId('we'), url, secret };
    this.endpoints.push(endpoint);
    return endpoint;
  }

  /** Builds the event object and queues its delivery; answers the event. */
  emit(type: string, object: Json, previous?: Json): Json {
    const event: Json = {
      id: newId('evt'),
      object: 'event',
      api_version: this.o.apiVersion,
      created: this.o.clock.nowSeconds(),
      type,
      data: previous
        ? { object: structuredClone(object), previous_attributes: previous }
        : { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: this.endpoints.length,
      request: { id: null, idempotency_key: null },
    };
    if (!this.paused) {
      for (const endpoint of [...this.endpoints]) {
        this.queue = this.queue.then(() => this.deliver(endpoint, event));
      }
    }
    return event;
  }

  /** Resolves when every queued delivery has finished (delivered or out of retries). */
  idle(): Promise<void> {
    return this.queue;
  }

  close(): void {
    this.closed = true;
  }

  private async deliver(endpoint: WebhookEndpoint, event: Json): Promise<void> {
    const payload = JSON.stringify(event, null, 2);
    for (let attempt = 1; attempt <= this.retryDelaysMs.length + 1 && !this.closed; attempt++) {
      // Signed at send time with the real clock: a receiver's tolerance is about transport delay.
      const header = signatureHeader(payload, endpoint.secret, Math.floor(Date.now() / 1000));
      let status: number | 'error' = 'error';
      try {
        const res = await fetch(endpoint.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
          body: payload,
          signal: AbortSignal.timeout(10_000),
        });
        status = res.status;
        await res.arrayBuffer().catch(() => undefined);
      } catch {
        status = 'error';
      }
      this.deliveries.push({
        eventId: String(event.id),
        type: String(event.type),
        url: endpoint.url,
        status,
        attempt,
      });
      if (typeof status === 'number' && status >= 200 && status < 300) return;
      const delay = this.retryDelaysMs[attempt - 1];
      if (delay === undefined) break;
      await new Promise((r) => setTimeout(r, delay).unref());
    }
    this.o.onError?.(`webhook ${String(event.type)} ${String(event.id)} to ${endpoint.url} not delivered`);
  }
}
