import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@noek/contracts';
import { freePort } from '../testing/free-port';
import { captureLogger } from '../testing/log-capture';
import { createNatsEventBus } from './nats-event-bus';

/**
 * A private nats-server (not the shared one on 4222) that this test may kill and restart, to show the
 * bus starting with NATS down and surviving a broker restart.
 */
const NATS_BIN = '/usr/sbin/nats-server';
const storeDir = mkdtempSync(join(tmpdir(), 'sk-nats-'));
let server: ChildProcess | undefined;

/** Starts the server; callers wait for the bus to connect, not for a fixed time. */
function startNats(port: number): void {
  server = spawn(NATS_BIN, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], {
    stdio: 'ignore',
  });
}

async function killNats(): Promise<void> {
  const s = server;
  if (!s || s.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    s.once('exit', () => resolve());
    s.kill('SIGKILL');
  });
}

async function waitFor(check: () => boolean, timeoutMs: number): Promise<void> {
  await expect.poll(check, { timeout: timeoutMs }).toBe(true);
}

afterAll(async () => {
  await killNats();
  rmSync(storeDir, { recursive: true, force: true });
});

const envelope = (n: number): EventEnvelope => ({
  id: randomUUID(),
  type: 'rtest.note.created.v1',
  time: new Date().toISOString(),
  correlationId: 'c',
  data: { n },
});

describe('NATS bus across broker outages', () => {
  it(
    'starts with NATS down, becomes healthy when it comes up, and keeps consuming after a restart',
    { timeout: 60_000 },
    async () => {
      const port = await freePort();
      const bus = createNatsEventBus({
        url: `nats://127.0.0.1:${port}`,
        logger: captureLogger().logger,
        streamName: 'RTEST',
        subjects: ['rtest.>'],
        publishTimeoutMs: 2_000,
      });
      expect(bus.isHealthy()).toBe(false);

      startNats(port);
      await bus.connected();
      expect(bus.isHealthy()).toBe(true);

      const got: unknown[] = [];
      await bus.subscribe({
        durable: 'rtest',
        subjects: ['rtest.>'],
        handler: async (e) => void got.push(e.data),
      });
      await bus.publish(envelope(1));
      await waitFor(() => got.length === 1, 5_000);

      await killNats();
      await waitFor(() => !bus.isHealthy(), 5_000);
      await expect(bus.publish(envelope(2))).rejects.toThrow();

      startNats(port);
      await waitFor(() => bus.isHealthy(), 15_000);
      // Publish retries are the outbox relay's job; here, retry until the broker accepts.
      const third = envelope(3);
      await expect
        .poll(
          () =>
            bus.publish(third).then(
              () => true,
              () => false,
            ),
          { timeout: 15_000, interval: 250 },
        )
        .toBe(true);
      await waitFor(() => got.length === 2, 45_000);
      expect(got).toEqual([{ n: 1 }, { n: 3 }]);
      await bus.close();
    },
  );
});
