import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { noekStreamSubjects } from '@noek/contracts';
import { createNatsEventBus } from '../events/nats-event-bus';
import { captureLogger } from '../testing/log-capture';
import { RevocationList, startFollowingRevocations } from './revocation-list';

/**
 * The revocation feed's staleness measured on a real NATS server of this test's own (killed and started
 * again): current while the follower hears the server's heartbeats (nothing published), stale at once when
 * the connection drops, current again once heard after the restart.
 */
const NATS_BIN = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';
const storeDir = mkdtempSync(join(tmpdir(), 'sk-feed-nats-'));
let server: ChildProcess | undefined;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

async function startNats(port: number): Promise<void> {
  server = spawn(NATS_BIN, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], {
    stdio: 'ignore',
  });
  await expect.poll(() => listening(port), { timeout: 10_000 }).toBe(true);
}

async function killNats(): Promise<void> {
  const s = server;
  if (!s || s.exitCode !== null || s.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    s.once('exit', () => resolve());
    s.kill('SIGKILL');
  });
}

afterAll(async () => {
  await killNats();
  rmSync(storeDir, { recursive: true, force: true });
});

describe('the revocation feed over NATS', () => {
  it(
    'is current while heard, stale when NATS goes, current again once heard after the restart',
    { timeout: 60_000 },
    async () => {
      const port = await freePort();
      await startNats(port);
      const url = `nats://127.0.0.1:${port}`;
      const logger = captureLogger().logger;
      const bus = createNatsEventBus({ url, logger, subjects: noekStreamSubjects, name: 'feed-test' });
      await bus.connected();
      const list = new RevocationList();
      // A follower stale for 2 s while the bus is connected is replaced (the client's ordered consumer
      // may not come back after the server restarts).
      const onError = (err: unknown) => {
        throw err;
      };
      const unfollow = await startFollowingRevocations(bus, list, { onError }, 2_000, 2_000);
      expect(list.isStale()).toBe(false);
      // Heartbeats keep it current past the staleness bound with nothing published.
      await expect
        .poll(() => list.feed.following?.currentAsOf?.() ?? 0, { timeout: 5_000 })
        .toBeGreaterThan(Date.now() - 1_500);

      await killNats();
      await expect.poll(() => list.isStale(), { timeout: 5_000 }).toBe(true);

      await startNats(port);
      await expect.poll(() => list.isStale(), { timeout: 20_000 }).toBe(false);

      await unfollow();
      await bus.close();
    },
  );
});
