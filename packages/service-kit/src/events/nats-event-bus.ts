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
  asBatch,
  deadLetterSubject,
  holdDelay,
  isPassingFailure,
  uniqueById,
  type BatchHandler,
  retryDelay,
  subjectMatches,
  type EventBus,
  type FollowOptions,
  type Following,
  type ListenOptions,
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

/** What the steps below share: the options with defaults, the logger, and the bus's state. */
interface Bus {
  url: string;
  name?: string;
  streamName: string;
  subjects: readonly string[];
  dlqPrefix: string;
  duplicateWindowMs: number;
  publishTimeoutMs: number;
  log: Logger;
  closed: boolean;
  healthy: boolean;
}

type HandleOptions = {
  durable: string;
  ackWaitMs?: number;
  maxDeliver: number;
  retryDelayMs: number;
  handler: BatchHandler;
  maxMessages: number;
  /** Aborted when the subscription stops: an event held through an outage is handed back at once. */
  stopping: AbortSignal;
};
type PublishRaw = (
  subject: string,
  data: Uint8Array,
  msgId: string,
  hdrs?: Record<string, string>,
) => Promise<void>;

const closedWhileConnecting = () => new Error('event bus closed while connecting');

/**
 * EventBus over NATS JetStream. Returns at once and connects in the background (reconnecting forever),
 * so a service can start, report the bus down (degraded, still ready) and recover when NATS comes back; publish and subscribe
 * wait for the connection. `await bus.connected()` waits for connection and stream explicitly.
 */
export function createNatsEventBus(options: NatsEventBusOptions): EventBus & { connected(): Promise<void> } {
  const bus: Bus = {
    url: options.url,
    name: options.name,
    streamName: options.streamName ?? 'NOEK',
    subjects: options.subjects,
    dlqPrefix: options.dlqPrefix ?? 'dlq',
    duplicateWindowMs: options.duplicateWindowMs ?? 120_000,
    publishTimeoutMs: options.publishTimeoutMs ?? 5_000,
    log: options.logger.child({ component: 'event-bus', stream: options.streamName ?? 'NOEK' }),
    closed: false,
    healthy: false,
  };
  const subscriptions = new Set<Pick<Subscription, 'stop'>>();
  const connecting = connectBus(bus);
  connecting.catch(() => {}); // surfaced by publish/subscribe; avoid an unhandled rejection
  /** The connection once made, for broadcasts, which never wait for one. */
  let live: Connected | undefined;
  void connecting.then(
    (c) => (live = c),
    () => undefined,
  );
  const publishRaw = createRawPublisher(bus, connecting);
  /** Kept until stopped, so close() stops it. */
  const track = (f: Following): Following => {
    const tracked: Following = {
      ...(f.currentAsOf ? { currentAsOf: () => f.currentAsOf!() } : {}),
      async stop() {
        await f.stop();
        subscriptions.delete(tracked);
      },
    };
    subscriptions.add(tracked);
    return tracked;
  };

  return {
    async publish(envelope: EventEnvelope, opts: PublishOptions = {}) {
      if (bus.closed) throw new Error('event bus is closed');
      const data = new TextEncoder().encode(JSON.stringify(envelope));
      await publishRaw(opts.subject ?? envelope.type, data, opts.msgId ?? envelope.id);
    },
    async subscribe(o: SubscribeOptions) {
      if (bus.closed) throw new Error('event bus is closed');
      const sub = await subscribeDurable(bus, await connecting, o, publishRaw, () =>
        subscriptions.delete(sub),
      );
      subscriptions.add(sub);
      return sub;
    },
    async follow(o: FollowOptions) {
      if (bus.closed) throw new Error('event bus is closed');
      return track(await followOrdered(bus, await connecting, o));
    },
    broadcast(envelope: EventEnvelope) {
      // Dropped while disconnected: the client would queue it and send it after the reconnect, stale.
      if (!live || !bus.healthy || bus.closed) return;
      live.nc.publish(envelope.type, JSON.stringify(envelope));
    },
    async listen(o: ListenOptions) {
      if (bus.closed) throw new Error('event bus is closed');
      return track(await listenCore(bus, await connecting, o));
    },
    connected: async () => {
      await connecting;
    },
    isHealthy: () => bus.healthy && !bus.closed,
    async close() {
      if (bus.closed) return;
      await Promise.all([...subscriptions].map((s) => s.stop()));
      bus.closed = true;
      bus.healthy = false;
      const c = await Promise.race([connecting.catch(() => undefined), sleep(100).then(() => undefined)]);
      // drain() flushes pending publishes and acks before closing.
      if (c) await c.nc.drain().catch(() => c.nc.close());
    },
  };
}

/** Connect (retrying), watch the connection, make sure the stream exists; then the bus is healthy. */
async function connectBus(bus: Bus): Promise<Connected> {
  const nc = await connectWithRetry(bus);
  void watchStatus(bus, nc);
  const jsm = await openStream(bus, nc);
  bus.healthy = true;
  bus.log.info({ url: bus.url }, 'event bus connected');
  return { nc, js: jetstream(nc), jsm };
}

/** Our own first-connect loop (instead of waitOnFirstConnect) so close() can stop it. */
async function connectWithRetry(bus: Bus): Promise<NatsConnection> {
  let nc: NatsConnection | undefined;
  for (let attempt = 1; !nc; attempt += 1) {
    if (bus.closed) throw closedWhileConnecting();
    try {
      nc = await connect({
        servers: bus.url.split(','),
        name: bus.name,
        maxReconnectAttempts: -1,
        reconnectTimeWait: 1_000,
      });
    } catch (err) {
      if (attempt === 1 || attempt % 30 === 0)
        bus.log.warn({ err, url: bus.url, attempt }, 'nats not reachable yet, retrying');
      await sleep(Math.min(250 * attempt, 2_000));
    }
  }
  if (bus.closed) {
    await nc.close();
    throw closedWhileConnecting();
  }
  return nc;
}

/** Health follows the connection: false while disconnected, true again on reconnect. */
async function watchStatus(bus: Bus, nc: NatsConnection): Promise<void> {
  for await (const s of nc.status()) {
    if (s.type === 'disconnect') {
      bus.healthy = false;
      bus.log.warn('nats disconnected');
    } else if (s.type === 'reconnect') {
      bus.healthy = true;
      bus.log.info('nats reconnected');
    }
  }
}

/** The JetStream manager once the stream is there (retried: JetStream may be starting or disabled). */
async function openStream(bus: Bus, nc: NatsConnection): Promise<JetStreamManager> {
  while (!bus.closed) {
    try {
      const jsm = await jetstreamManager(nc);
      await ensureStream(bus, jsm);
      return jsm;
    } catch (err) {
      bus.log.error({ err }, 'could not ensure the stream (is JetStream enabled?), retrying');
      await sleep(2_000);
    }
  }
  await nc.close();
  throw closedWhileConnecting();
}

/** Creates the stream, or merges this process's subjects into it (several services share one stream). */
async function ensureStream(bus: Bus, jsm: JetStreamManager): Promise<void> {
  const wanted = [...bus.subjects, `${bus.dlqPrefix}.>`];
  const duplicateWindow = nanos(bus.duplicateWindowMs);
  for (let attempt = 1; ; attempt += 1) {
    try {
      const info = await jsm.streams.info(bus.streamName);
      const merged = [...new Set([...info.config.subjects, ...wanted])];
      if (merged.length !== info.config.subjects.length || info.config.duplicate_window !== duplicateWindow) {
        await jsm.streams.update(bus.streamName, {
          ...info.config,
          subjects: merged,
          duplicate_window: duplicateWindow,
        });
      }
      return;
    } catch (err) {
      if (!isApiError(err, JetStreamApiCodes.StreamNotFound)) throw err;
    }
    try {
      await jsm.streams.add({ name: bus.streamName, subjects: wanted, duplicate_window: duplicateWindow });
      return;
    } catch (err) {
      // Another service created it between our info and add: go round and merge.
      if (attempt >= 3) throw err;
    }
  }
}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const t = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms)),
  );
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}

/** Publishes bytes with a dedup id, waiting at most publishTimeoutMs for the connection and the PubAck. */
function createRawPublisher(bus: Bus, connecting: Promise<Connected>): PublishRaw {
  return async (subject, data, msgId, hdrs) => {
    const { js } = await withTimeout(connecting, bus.publishTimeoutMs, 'connecting to NATS');
    const h = headers();
    for (const [k, v] of Object.entries(hdrs ?? {})) h.set(k, v);
    await js.publish(subject, data, { msgID: msgId, timeout: bus.publishTimeoutMs, headers: h });
  };
}

/** Creates or updates the durable consumer, then runs its consume loop until stopped. */
async function subscribeDurable(
  bus: Bus,
  { nc, js, jsm }: Connected,
  o: SubscribeOptions,
  publishRaw: PublishRaw,
  onStopped: () => void,
): Promise<Subscription> {
  const stopping = new AbortController();
  const full: HandleOptions = {
    ...asBatch(o),
    durable: o.durable,
    ackWaitMs: o.ackWaitMs,
    maxDeliver: o.maxDeliver ?? DEFAULTS.maxDeliver,
    retryDelayMs: o.retryDelayMs ?? DEFAULTS.retryDelayMs,
    stopping: stopping.signal,
  };
  await upsertConsumer(bus, nc, jsm, o);
  const consumer = await js.consumers.get(bus.streamName, o.durable);
  // Servers before 2.10 cannot filter several subjects: the others are skipped here.
  const serverFilters = o.subjects.length === 1 || supportsMultiFilter(nc);
  const handle = async (batch: JsMsg[]) => {
    const wanted = serverFilters
      ? batch
      : batch.filter((m) => o.subjects.some((p) => subjectMatches(p, m.subject)));
    for (const m of batch) if (!wanted.includes(m)) m.ack();
    if (wanted.length > 0) await handleBatch(bus, wanted, full, publishRaw);
  };
  const loop = startConsumeLoop(bus, consumer, o.durable, full.maxMessages, handle);
  return {
    durable: o.durable,
    async stop() {
      stopping.abort();
      await loop.stop();
      onStopped();
    },
  };
}

/** How long a replay may stay silent before follow() counts it done (nothing matched the window). */
const REPLAY_IDLE_MS = 300;

/** A follower's pull request lifetime; the server's idle heartbeat comes every half of it (1 s). */
const FOLLOW_PULL_EXPIRES_MS = 2_000;

/** The narrowest single filter covering `subjects` (servers before 2.10 take one filter per consumer). */
function commonFilter(subjects: readonly string[]): string {
  if (subjects.length === 1) return subjects[0]!;
  const first = new Set(subjects.map((s) => s.split('.')[0]));
  return first.size === 1 ? `${[...first][0]}.>` : '>';
}

/**
 * An ordered consumer (ephemeral, this process only, recreated by the client after reconnects) from
 * `sinceMs` ago. Resolves once the replay is handled: at the message with nothing pending after it, or
 * after REPLAY_IDLE_MS without any message.
 */
async function followOrdered(bus: Bus, { js }: Connected, o: FollowOptions): Promise<Following> {
  const consumer = await js.consumers.get(bus.streamName, {
    filter_subjects: commonFilter(o.subjects),
    deliver_policy: DeliverPolicy.StartTime,
    opt_start_time: new Date(Date.now() - o.sinceMs).toISOString(),
  });
  // A short pull makes the server send an idle heartbeat every second: how the follower knows it is current.
  const messages = await consumer.consume({ expires: FOLLOW_PULL_EXPIRES_MS });
  let currentAsOf = 0;
  void (async () => {
    // The server's idle heartbeat mid-pull, and its answer when a pull ends with nothing to deliver.
    for await (const s of messages.status())
      if (s.type === 'heartbeat' || s.type === 'discard') currentAsOf = Date.now();
  })().catch(() => undefined);
  let caughtUp!: () => void;
  const replayed = new Promise<void>((r) => (caughtUp = r));
  // Nothing at all within the first REPLAY_IDLE_MS: the window held nothing, so the follower is current.
  let idle = setTimeout(() => {
    currentAsOf = Date.now();
    caughtUp();
  }, REPLAY_IDLE_MS);
  const loop = (async () => {
    for await (const m of messages) {
      clearTimeout(idle);
      if (o.subjects.some((p) => subjectMatches(p, m.subject))) {
        try {
          o.handler(eventEnvelopeSchema.parse(m.json()) as EventEnvelope);
        } catch (err) {
          bus.log.warn({ err, subject: m.subject }, 'follower could not handle an event');
        }
      }
      if (m.info.pending === 0) {
        currentAsOf = Date.now();
        caughtUp();
      } else idle = setTimeout(caughtUp, REPLAY_IDLE_MS);
    }
  })().catch((err: unknown) => bus.log.error({ err }, 'follow loop ended'));
  await replayed;
  return {
    currentAsOf: () => currentAsOf,
    async stop() {
      clearTimeout(idle);
      await messages.close().catch(() => {});
      await loop;
    },
  };
}

/**
 * Plain core-NATS subscriptions (no JetStream): what is broadcast while they exist, nothing before. The
 * client re-subscribes after a reconnect by itself. Resolves once the server has the subscriptions.
 */
async function listenCore(bus: Bus, { nc }: Connected, o: ListenOptions): Promise<Following> {
  const subs = o.subjects.map((subject) =>
    nc.subscribe(subject, {
      callback: (err, m) => {
        if (err) return void bus.log.warn({ err, subject }, 'broadcast subscription failed');
        try {
          o.handler(eventEnvelopeSchema.parse(m.json()) as EventEnvelope);
        } catch (e) {
          bus.log.warn({ err: e, subject: m.subject }, 'listener could not handle a broadcast');
        }
      },
    }),
  );
  await nc.flush();
  return {
    async stop() {
      for (const sub of subs) sub.unsubscribe();
    },
  };
}

async function upsertConsumer(bus: Bus, nc: NatsConnection, jsm: JetStreamManager, o: SubscribeOptions) {
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
    await jsm.consumers.info(bus.streamName, o.durable);
    await jsm.consumers.update(bus.streamName, o.durable, config);
  } catch (err) {
    if (!isApiError(err, JetStreamApiCodes.ConsumerNotFound)) throw err;
    await jsm.consumers.add(bus.streamName, config);
  }
}

type Consumer = Awaited<ReturnType<JetStreamClient['consumers']['get']>>;

const NOT_READY = Symbol('not ready');

/**
 * The messages already received, up to `max`, after waiting for the first: a batch grows with the backlog
 * (one message when idle, `max` when behind) without waiting for a batch to fill. `next` is the iterator's
 * pending read, which a batch may leave for the next one.
 */
async function takeBatch(
  it: AsyncIterator<JsMsg>,
  next: { read: Promise<IteratorResult<JsMsg>> },
  max: number,
): Promise<{ batch: JsMsg[]; done: boolean }> {
  const batch: JsMsg[] = [];
  for (;;) {
    const r = batch.length === 0 ? await next.read : await Promise.race([next.read, immediate()]);
    if (r === NOT_READY) return { batch, done: false };
    if (r.done) return { batch, done: true };
    batch.push(r.value);
    next.read = it.next();
    if (batch.length >= max) return { batch, done: false };
  }
}

/** Resolves after the messages already received have been handed over (they resolve as microtasks). */
function immediate(): Promise<typeof NOT_READY> {
  return new Promise((r) => setImmediate(() => r(NOT_READY)));
}

/** consume() re-pulls after reconnects and watches heartbeats; the outer loop restarts it if it ends. */
function startConsumeLoop(
  bus: Bus,
  consumer: Consumer,
  durable: string,
  maxMessages: number,
  handle: (batch: JsMsg[]) => Promise<void>,
) {
  let active = true;
  let messages: ConsumerMessages | undefined;
  const loop = (async () => {
    while (active) {
      try {
        messages = await consumer.consume({ max_messages: Math.max(16, 2 * maxMessages) });
        // stop() came while this was being set up: end it like the one stop() closed.
        if (!active) void messages.close().catch(() => {});
        void logMissedHeartbeats(bus, messages, durable);
        const it = messages[Symbol.asyncIterator]();
        const next = { read: it.next() };
        for (let done = false; !done;) {
          const taken = await takeBatch(it, next, maxMessages);
          done = taken.done;
          if (taken.batch.length === 0) continue;
          // Stopping: close() ends the iterator only once what was already received is read, so the rest
          // is read and handed back at once (for the next subscriber) instead of waiting out ackWait.
          if (!active) {
            for (const m of taken.batch) m.nak();
            continue;
          }
          try {
            await handle(taken.batch);
          } catch (err) {
            // Could not ack/nak/dead-letter (e.g. disconnected): the server redelivers after ackWait.
            bus.log.error({ err, durable }, 'event handling failed');
          }
        }
      } catch (err) {
        if (active) bus.log.error({ err, durable }, 'consume loop ended, restarting');
      }
      if (active) await sleep(1_000);
    }
  })();
  return {
    async stop() {
      active = false;
      await messages?.close().catch(() => {});
      await loop;
    },
  };
}

async function logMissedHeartbeats(bus: Bus, messages: ConsumerMessages, durable: string): Promise<void> {
  try {
    for await (const s of messages.status()) {
      if (s.type === 'heartbeats_missed') bus.log.warn({ durable, missed: s.count }, 'heartbeats missed');
    }
  } catch {
    // the iterator ends with the consumer
  }
}

/** The message as a valid envelope, or null (it is dead-lettered: no handler could ever accept it). */
function parseEnvelope(m: JsMsg): EventEnvelope | null {
  try {
    return eventEnvelopeSchema.parse(JSON.parse(new TextDecoder().decode(m.data))) as EventEnvelope;
  } catch {
    return null;
  }
}

/** Moves a message to `dlq.<durable>` with why, and terminates it on the stream. */
async function deadLetter(bus: Bus, publishRaw: PublishRaw, m: JsMsg, durable: string, reason: string) {
  const deliveries = m.info.deliveryCount;
  await publishRaw(
    deadLetterSubject(durable, bus.dlqPrefix),
    m.data,
    `${bus.dlqPrefix}:${durable}:${m.seq}`,
    {
      'Noek-Original-Subject': m.subject,
      'Noek-Error': reason.slice(0, 500).replace(/[\r\n]/g, ' '),
      'Noek-Deliveries': String(deliveries),
    },
  );
  m.term(reason.slice(0, 200));
  bus.log.error({ durable, subject: m.subject, deliveries, reason }, 'event dead-lettered');
}

/**
 * A batch: what cannot be handled is dead-lettered, the rest goes to the handler at once (each envelope id
 * once) and is acknowledged after it resolves. If it throws, each message is handled alone, so a poison
 * event is retried and dead-lettered on its own while the others go through.
 */
async function handleBatch(
  bus: Bus,
  batch: JsMsg[],
  o: HandleOptions,
  publishRaw: PublishRaw,
): Promise<void> {
  if (batch.length === 1) return handleMessage(bus, batch[0]!, o, publishRaw);
  const ready: { m: JsMsg; envelope: EventEnvelope }[] = [];
  for (const m of batch) {
    const envelope = parseEnvelope(m);
    if (!envelope) await deadLetter(bus, publishRaw, m, o.durable, 'not a valid event envelope');
    else if (m.info.deliveryCount > o.maxDeliver) await deadLetter(bus, publishRaw, m, o.durable, TOO_MANY);
    else ready.push({ m, envelope });
  }
  if (ready.length === 0) return;
  const { unique } = uniqueById(ready, (r) => r.envelope.id);
  const keepAlive = keepWorking(
    ready.map((r) => r.m),
    o,
  );
  try {
    await o.handler(unique.map((r) => r.envelope));
  } catch (err) {
    clearInterval(keepAlive);
    bus.log.warn(
      { durable: o.durable, events: ready.length, err },
      'batch failed, handling its events one by one',
    );
    for (const r of ready) await handleMessage(bus, r.m, o, publishRaw);
    return;
  }
  clearInterval(keepAlive);
  // Acks go out in order on one connection: the server's answer to the last one confirms them all.
  for (const r of ready.slice(0, -1)) r.m.ack();
  const last = ready.at(-1)!.m;
  await last.ackAck().catch(() => last.ack());
}

const TOO_MANY = 'delivered more than maxDeliver times without an answer';

/**
 * Runs the handler; while it fails because its database is unavailable, tries again in place (the message
 * kept in progress by keepWorking, its delivery count unchanged), so an outage longer than the retries
 * dead-letters nothing. Throws the first other error; 'stopped' if the subscription stopped meanwhile.
 */
async function handleThroughOutages(
  bus: Bus,
  envelope: EventEnvelope,
  o: HandleOptions,
): Promise<'handled' | 'stopped'> {
  for (let held = 1; ; held += 1) {
    try {
      await o.handler([envelope]);
      return 'handled';
    } catch (err) {
      if (!isPassingFailure(err)) throw err;
      if (o.stopping.aborted) return 'stopped';
      if (held === 1) {
        bus.log.warn(
          { durable: o.durable, eventId: envelope.id, err },
          'database unavailable, holding the event',
        );
      }
      await waitOrStop(holdDelay(o.retryDelayMs, held), o.stopping);
      if (o.stopping.aborted) return 'stopped';
    }
  }
}

function waitOrStop(ms: number, stopping: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      stopping.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    stopping.addEventListener('abort', done, { once: true });
  });
}

/**
 * A slow handler tells the server it is still working, so its messages are not redelivered to a second
 * worker. A third of ackWait leaves room for an event loop stalled by a busy machine.
 */
function keepWorking(ms: JsMsg[], o: HandleOptions): NodeJS.Timeout {
  const ackWaitMs = o.ackWaitMs ?? DEFAULTS.ackWaitMs;
  return setInterval(() => ms.forEach((m) => m.working()), Math.max(100, Math.floor(ackWaitMs / 3)));
}

/** One delivery: parse, bound the redeliveries, run the handler with a keep-alive, then ack, nak or dead-letter. */
async function handleMessage(bus: Bus, m: JsMsg, o: HandleOptions, publishRaw: PublishRaw): Promise<void> {
  const deliveries = m.info.deliveryCount;
  const envelope = parseEnvelope(m);
  if (!envelope) return deadLetter(bus, publishRaw, m, o.durable, 'not a valid event envelope');
  // A handler that kills the process never gets to nak; stop the crash loop here.
  if (deliveries > o.maxDeliver) return deadLetter(bus, publishRaw, m, o.durable, TOO_MANY);
  const keepAlive = keepWorking([m], o);
  try {
    const outcome = await handleThroughOutages(bus, envelope, o);
    clearInterval(keepAlive);
    // Stopped while the database was away: hand the event back, uncounted as a failure, for the next run.
    if (outcome === 'stopped') return void m.nak();
    await m.ackAck().catch(() => m.ack());
  } catch (err) {
    clearInterval(keepAlive);
    if (deliveries >= o.maxDeliver) {
      await deadLetter(bus, publishRaw, m, o.durable, err instanceof Error ? err.message : String(err));
    } else {
      bus.log.warn(
        { durable: o.durable, eventId: envelope.id, deliveries, err },
        'event handler failed, will retry',
      );
      m.nak(retryDelay(o.retryDelayMs, deliveries));
    }
  }
}
