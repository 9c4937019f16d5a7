import { connect } from '@nats-io/transport-node';
import { headers, nanos, type NatsConnection } from '@nats-io/nats-core';
import {
  AckPolicy,
  DeliverPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  jetstream,
  jetstreamManager,
  type ConsumerConfig,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import { eventEnvelopeSchema, type EventEnvelope } from '@noek/contracts';
import type { Logger } from 'pino';
import {
  DEFAULTS,
  deadLetterSubject,
  retryDelay,
  subjectMatches,
  type EventBus,
  type PublishOptions,
  type SubscribeOptions,
  type Subscription,
} from './event-bus';

export interface NatsEventBusOptions {
  /** nats://host:port, comma-separated for a cluster. */
  url: string;
  logger: Logger;
  /** The one stream; "NOEK" in the product, unique per run in tests. */
  streamName?: string;
  /** Subjects this process needs in the stream; merged with those already there. */
  subjects: readonly string[];
  dlqPrefix?: string;
  /** Publishes with a Nats-Msg-Id seen within this window are dropped by the server. Default 2 min. */
  duplicateWindowMs?: number;
  /** How long publish waits for a connection and a PubAck before failing. Default 5 s. */
  publishTimeoutMs?: number;
  /** Client name shown by the server's monitoring. */
  name?: string;
}

interface Connected {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** filter_subjects (several) needs nats-server 2.10; Debian 12 ships 2.9. */
function supportsMultiFilter(nc: NatsConnection): boolean {
  const [major = 0, minor = 0] = (nc.info?.version ?? '0.0').split('.').map(Number);
  return major > 2 || (major === 2 && minor >= 10);
}

function filterConfig(nc: NatsConnection, subjects: readonly string[]): Partial<ConsumerConfig> {
  if (subjects.length === 1) return { filter_subject: subjects[0] };
  return supportsMultiFilter(nc) ? { filter_subjects: [...subjects] } : {};
}

function isApiError(err: unknown, code: number): boolean {
  return err instanceof JetStreamApiError && err.code === code;
}

/**
 * EventBus over NATS JetStream. Returns at once and connects in the background (reconnecting forever),
 * so a service can start, report not ready, and recover when NATS comes back; publish and subscribe
 * wait for the connection. `await bus.connected()` waits for connection and stream explicitly.
 */
export function createNatsEventBus(options: NatsEventBusOptions): EventBus & { connected(): Promise<void> } {
  const {
    url,
    logger,
    streamName = 'NOEK',
    subjects,
    dlqPrefix = 'dlq',
    duplicateWindowMs = 120_000,
    publishTimeoutMs = 5_000,
  } = options;
  const log = logger.child({ component: 'event-bus', stream: streamName });
  let closed = false;
  let healthy = false;
  const subscriptions = new Set<Subscription>();

  const ensureStream = async (jsm: JetStreamManager): Promise<void> => {
    const wanted = [...subjects, `${dlqPrefix}.>`];
    for (let attempt = 1; ; attempt += 1) {
      try {
        const info = await jsm.streams.info(streamName);
        const merged = [...new Set([...info.config.subjects, ...wanted])];
        if (
          merged.length !== info.config.subjects.length ||
          info.config.duplicate_window !== nanos(duplicateWindowMs)
        ) {
          await jsm.streams.update(streamName, {
            ...info.config,
            subjects: merged,
            duplicate_window: nanos(duplicateWindowMs),
          });
        }
        return;
      } catch (err) {
        if (!isApiError(err, JetStreamApiCodes.StreamNotFound)) throw err;
      }
      try {
        await jsm.streams.add({
          name: streamName,
          subjects: wanted,
          duplicate_window: nanos(duplicateWindowMs),
        });
        return;
      } catch (err) {
        // Another service created it between our info and add: go round and merge.
        if (attempt >= 3) throw err;
      }
    }
  };

  const watchStatus = async (nc: NatsConnection) => {
    for await (const s of nc.status()) {
      if (s.type === 'disconnect') {
        healthy = false;
        log.warn('nats disconnected');
      } else if (s.type === 'reconnect') {
        healthy = true;
        log.info('nats reconnected');
      }
    }
  };

  const connecting: Promise<Connected> = (async () => {
    // Our own first-connect loop (instead of waitOnFirstConnect) so close() can stop it.
    let nc: NatsConnection | undefined;
    for (let attempt = 1; !nc; attempt += 1) {
      if (closed) throw new Error('event bus closed while connecting');
      try {
        nc = await connect({
          servers: url.split(','),
          name: options.name,
          maxReconnectAttempts: -1,
          reconnectTimeWait: 1_000,
        });
      } catch (err) {
        if (attempt === 1 || attempt % 30 === 0)
          log.warn({ err, url, attempt }, 'nats not reachable yet, retrying');
        await sleep(Math.min(250 * attempt, 2_000));
      }
    }
    if (closed) {
      await nc.close();
      throw new Error('event bus closed while connecting');
    }
    void watchStatus(nc);
    let jsm: JetStreamManager | undefined;
    while (!jsm && !closed) {
      try {
        const candidate = await jetstreamManager(nc);
        await ensureStream(candidate);
        jsm = candidate;
      } catch (err) {
        log.error({ err }, 'could not ensure the stream (is JetStream enabled?), retrying');
        await sleep(2_000);
      }
    }
    if (closed || !jsm) {
      await nc.close();
      throw new Error('event bus closed while connecting');
    }
    healthy = true;
    log.info({ url }, 'event bus connected');
    return { nc, js: jetstream(nc), jsm };
  })();
  connecting.catch(() => {}); // surfaced by publish/subscribe; avoid an unhandled rejection

  const withTimeout = <T>(p: Promise<T>, ms: number, what: string): Promise<T> => {
    let timer: NodeJS.Timeout | undefined;
    const t = new Promise<never>(
      (_, reject) => (timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms)),
    );
    return Promise.race([p, t]).finally(() => clearTimeout(timer));
  };

  const publishRaw = async (
    subject: string,
    data: Uint8Array,
    msgId: string,
    hdrs?: Record<string, string>,
  ) => {
    const { js } = await withTimeout(connecting, publishTimeoutMs, 'connecting to NATS');
    const h = headers();
    for (const [k, v] of Object.entries(hdrs ?? {})) h.set(k, v);
    await js.publish(subject, data, { msgID: msgId, timeout: publishTimeoutMs, headers: h });
  };

  const publish = async (envelope: EventEnvelope, opts: PublishOptions = {}) => {
    if (closed) throw new Error('event bus is closed');
    await publishRaw(
      opts.subject ?? envelope.type,
      new TextEncoder().encode(JSON.stringify(envelope)),
      opts.msgId ?? envelope.id,
    );
  };

  const handleMessage = async (
    m: JsMsg,
    o: SubscribeOptions & { maxDeliver: number; retryDelayMs: number },
  ) => {
    const deliveries = m.info.deliveryCount;
    const deadLetter = async (reason: string) => {
      await publishRaw(
        deadLetterSubject(o.durable, dlqPrefix),
        m.data,
        `${dlqPrefix}:${o.durable}:${m.seq}`,
        {
          'Noek-Original-Subject': m.subject,
          'Noek-Error': reason.slice(0, 500).replace(/[\r\n]/g, ' '),
          'Noek-Deliveries': String(deliveries),
        },
      );
      m.term(reason.slice(0, 200));
      log.error({ durable: o.durable, subject: m.subject, deliveries, reason }, 'event dead-lettered');
    };
    let envelope: EventEnvelope;
    try {
      envelope = eventEnvelopeSchema.parse(JSON.parse(new TextDecoder().decode(m.data))) as EventEnvelope;
    } catch {
      await deadLetter('not a valid event envelope');
      return;
    }
    if (deliveries > o.maxDeliver) {
      // A handler that kills the process never gets to nak; stop the crash loop here.
      await deadLetter('delivered more than maxDeliver times without an answer');
      return;
    }
    // A slow handler tells the server it is still working, so it is not redelivered to a second worker.
    const ackWaitMs = o.ackWaitMs ?? DEFAULTS.ackWaitMs;
    // A third of ackWait leaves room for an event loop stalled by a busy machine.
    const keepAlive = setInterval(() => m.working(), Math.max(100, Math.floor(ackWaitMs / 3)));
    try {
      await o.handler(envelope);
      clearInterval(keepAlive);
      await m.ackAck().catch(() => m.ack());
    } catch (err) {
      clearInterval(keepAlive);
      if (deliveries >= o.maxDeliver) {
        await deadLetter(err instanceof Error ? err.message : String(err));
      } else {
        log.warn(
          { durable: o.durable, eventId: envelope.id, deliveries, err },
          'event handler failed, will retry',
        );
        m.nak(retryDelay(o.retryDelayMs, deliveries));
      }
    }
  };

  const subscribe = async (o: SubscribeOptions): Promise<Subscription> => {
    if (closed) throw new Error('event bus is closed');
    const full = {
      ...o,
      maxDeliver: o.maxDeliver ?? DEFAULTS.maxDeliver,
      retryDelayMs: o.retryDelayMs ?? DEFAULTS.retryDelayMs,
    };
    const { nc, js, jsm } = await connecting;
    const serverFilters = o.subjects.length === 1 || supportsMultiFilter(nc);
    const config: Partial<ConsumerConfig> = {
      durable_name: o.durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: nanos(o.ackWaitMs ?? DEFAULTS.ackWaitMs),
      // The client counts deliveries and dead-letters; the server must keep redelivering until it does.
      max_deliver: -1,
      ...filterConfig(nc, o.subjects),
    };
    try {
      await jsm.consumers.info(streamName, o.durable);
      await jsm.consumers.update(streamName, o.durable, config);
    } catch (err) {
      if (!isApiError(err, JetStreamApiCodes.ConsumerNotFound)) throw err;
      await jsm.consumers.add(streamName, config);
    }
    const consumer = await js.consumers.get(streamName, o.durable);

    let active = true;
    let messages: ConsumerMessages | undefined;
    // consume() re-pulls after reconnects and watches heartbeats; the outer loop restarts it if it ends.
    const loop = (async () => {
      while (active) {
        try {
          messages = await consumer.consume({ max_messages: 16 });
          void (async () => {
            for await (const s of messages.status()) {
              if (s.type === 'heartbeats_missed')
                log.warn({ durable: o.durable, missed: s.count }, 'heartbeats missed');
            }
          })().catch(() => {});
          for await (const m of messages) {
            try {
              // Servers before 2.10 cannot filter several subjects: skip the others here.
              if (!serverFilters && !o.subjects.some((p) => subjectMatches(p, m.subject))) m.ack();
              else await handleMessage(m, full);
            } catch (err) {
              // Could not ack/nak/dead-letter (e.g. disconnected): the server redelivers after ackWait.
              log.error({ err, durable: o.durable }, 'event handling failed');
            }
            if (!active) break;
          }
        } catch (err) {
          if (active) log.error({ err, durable: o.durable }, 'consume loop ended, restarting');
        }
        if (active) await sleep(1_000);
      }
    })();

    const sub: Subscription = {
      durable: o.durable,
      async stop() {
        active = false;
        await messages?.close().catch(() => {});
        await loop;
        subscriptions.delete(sub);
      },
    };
    subscriptions.add(sub);
    return sub;
  };

  return {
    publish,
    subscribe,
    connected: async () => {
      await connecting;
    },
    isHealthy: () => healthy && !closed,
    async close() {
      if (closed) return;
      await Promise.all([...subscriptions].map((s) => s.stop()));
      closed = true;
      healthy = false;
      const c = await Promise.race([connecting.catch(() => undefined), sleep(100).then(() => undefined)]);
      // drain() flushes pending publishes and acks before closing.
      if (c) await c.nc.drain().catch(() => c.nc.close());
    },
  };
}
