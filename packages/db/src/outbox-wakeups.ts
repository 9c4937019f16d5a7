// LISTEN for the notifications a commit that wrote outbox rows sends (service-kit's enqueueEvent), so an
// outbox relay publishes at once instead of at its next poll. One dedicated connection per service
// process on PostgreSQL (a pooled connection cannot hold a LISTEN); the embedded PGlite listens in process.
import type pg from 'pg';
import { parsePostgresUrl } from './connection';
import type { DatabaseTarget } from './driver-adapter';

/** Subscribe `wake` to commits of `target.schema` on `channel`; answers the function that stops it. */
export type Wakeups = (wake: () => void) => Promise<() => Promise<void>>;

const RECONNECT_MS = 1_000;

export function outboxWakeups(target: DatabaseTarget, channel: string): Wakeups {
  return async (wake) => {
    const onPayload = (payload: string | undefined) => {
      if (payload === target.schema) wake();
    };
    if (target.kind === 'pglite') {
      const stop = await target.pglite.listen(channel, onPayload);
      return () => stop();
    }
    return listenOnPostgres(target.url, channel, onPayload);
  };
}

/**
 * A client that LISTENs and, when its connection drops (PostgreSQL restarted), connects again every
 * RECONNECT_MS until stopped. Missed notifications are harmless: the relay's poll catches those rows.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string | undefined) => void,
): Promise<() => Promise<void>> {
  const { config } = parsePostgresUrl(url);
  const { default: driver } = await import('pg');
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const again = () => {
    if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS);
  };
  const connect = async (): Promise<void> => {
    if (stopped) return;
    const c = new driver.Client(config);
    client = c;
    let listening = false;
    c.on('notification', (n) => onPayload(n.payload));
    c.on('error', () => undefined); // 'end' follows
    c.on('end', () => {
      if (listening) again();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${driver.escapeIdentifier(channel)}`);
      listening = true;
    } catch {
      await c.end().catch(() => undefined);
      again();
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}
