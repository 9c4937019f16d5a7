import type { Logger } from 'pino';
import type { Subscription } from '../events/event-bus';
import { backoffDelay } from '../lifecycle/backoff';

/** One durable consumer of a service: how to subscribe it (the handler is inside). */
export interface ConsumerDefinition {
  /** Names it in logs: the event it consumes. */
  name: string;
  subscribe(): Promise<Subscription>;
}

export interface RunningConsumer {
  /** Resolves once subscribed (or once stopped before that); never rejects. */
  ready: Promise<void>;
  /** Stops it if it subscribed; one still waiting for NATS stops itself when it gets there. */
  stop(): Promise<void>;
}

export interface ConsumerRetry {
  baseMs: number;
  maxMs: number;
}

export const CONSUMER_RETRY: ConsumerRetry = { baseMs: 1_000, maxMs: 30_000 };

/**
 * Every consumer starts the same way: subscribing never holds up start-up (a service starts while NATS is
 * down and its events wait in the stream), a failed subscribe is retried with backoff, and stop never
 * waits for NATS.
 */
export function startConsumer(
  consumer: ConsumerDefinition,
  logger: Logger,
  retry: ConsumerRetry = CONSUMER_RETRY,
): RunningConsumer {
  let stopped = false;
  let subscription: Subscription | undefined;
  let timer: NodeJS.Timeout | undefined;
  let settle: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (settle = resolve));

  const attempt = (n: number): void => {
    consumer.subscribe().then(
      async (sub) => {
        if (stopped) return void (await sub.stop());
        subscription = sub;
        settle();
      },
      (err: unknown) => {
        if (stopped) return;
        const delayMs = backoffDelay(n + 1, retry);
        logger.warn(
          { err, consumer: consumer.name, attempt: n + 1, delayMs },
          'subscribing failed; retrying',
        );
        timer = setTimeout(() => attempt(n + 1), delayMs);
        timer.unref();
      },
    );
  };
  attempt(0);

  return {
    ready,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      settle();
      await subscription?.stop();
    },
  };
}
