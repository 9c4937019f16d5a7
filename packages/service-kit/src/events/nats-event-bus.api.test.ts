import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { afterAll, describe, expect, it } from 'vitest';
import { captureLogger } from '../testing/log-capture';
import { slowWork } from '../testing/slow-work';
import { eventBusContract, uniquePrefix } from './event-bus.contract';
import { createNatsEventBus } from './nats-event-bus';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

/** Deletes a test stream through a separate connection, so a closed bus cannot hide a leak. */
async function deleteStream(name: string): Promise<void> {
  const nc = await connect({ servers: NATS_URL });
  try {
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(name).catch(() => false);
  } finally {
    await nc.close();
  }
}

eventBusContract('NATS JetStream', async () => {
  const prefix = uniquePrefix();
  const streamName = `TEST_${prefix.toUpperCase()}`;
  const dlqPrefix = `${prefix}dlq`;
  const bus = createNatsEventBus({
    url: NATS_URL,
    logger: captureLogger().logger,
    streamName,
    subjects: [`${prefix}.>`],
    dlqPrefix,
  });
  await bus.connected();
  return { bus, prefix, dlqPrefix, cleanup: () => deleteStream(streamName) };
});

describe('NATS bus specifics', () => {
  const streams: string[] = [];
  afterAll(async () => {
    for (const s of streams) await deleteStream(s);
  });

  it('merges subjects into an existing stream and sets the duplicate window', async () => {
    const a = uniquePrefix();
    const b = uniquePrefix();
    const streamName = `TEST_${a.toUpperCase()}`;
    streams.push(streamName);
    const logger = captureLogger().logger;
    const first = createNatsEventBus({
      url: NATS_URL,
      logger,
      streamName,
      subjects: [`${a}.>`],
      dlqPrefix: `${a}dlq`,
    });
    await first.connected();
    const second = createNatsEventBus({
      url: NATS_URL,
      logger,
      streamName,
      subjects: [`${b}.>`],
      dlqPrefix: `${a}dlq`,
    });
    await second.connected();
    const nc = await connect({ servers: NATS_URL });
    const info = await (await jetstreamManager(nc)).streams.info(streamName);
    await nc.close();
    expect(info.config.subjects.sort()).toEqual([`${a}.>`, `${a}dlq.>`, `${b}.>`].sort());
    expect(info.config.duplicate_window).toBe(120_000_000_000);
    await Promise.all([first.close(), second.close()]);
  });

  it("keeps a slow handler's message from being redelivered past ackWait", async () => {
    const prefix = uniquePrefix();
    const streamName = `TEST_${prefix.toUpperCase()}`;
    streams.push(streamName);
    const bus = createNatsEventBus({
      url: NATS_URL,
      logger: captureLogger().logger,
      streamName,
      subjects: [`${prefix}.>`],
      dlqPrefix: `${prefix}dlq`,
    });
    let calls = 0;
    let done = false;
    await bus.subscribe({
      durable: 'slow',
      subjects: [`${prefix}.>`],
      ackWaitMs: 2_000,
      handler: async () => {
        calls += 1;
        await slowWork(5_000); // 2.5 times ackWait
        done = true;
      },
    });
    await bus.publish({
      id: 'slow-1',
      type: `${prefix}.job.started.v1`,
      time: new Date().toISOString(),
      correlationId: 'c',
      data: {},
    });
    await expect.poll(() => done, { timeout: 15_000 }).toBe(true);
    // The server's own record: the one delivery acknowledged, none sent again.
    const nc = await connect({ servers: NATS_URL });
    try {
      const jsm = await jetstreamManager(nc);
      await expect
        .poll(async () => (await jsm.consumers.info(streamName, 'slow')).num_ack_pending, { timeout: 10_000 })
        .toBe(0);
      const info = await jsm.consumers.info(streamName, 'slow');
      expect(info.delivered.consumer_seq).toBe(1);
      expect(info.num_redelivered).toBe(0);
    } finally {
      await nc.close();
    }
    expect(calls).toBe(1);
    await bus.close();
  });

  it('is not healthy and fails publish in time while NATS is unreachable', async () => {
    const bus = createNatsEventBus({
      url: 'nats://127.0.0.1:1',
      logger: captureLogger().logger,
      streamName: 'UNUSED',
      subjects: ['unused.>'],
      publishTimeoutMs: 300,
    });
    expect(bus.isHealthy()).toBe(false);
    const e = {
      id: 'x',
      type: 'unused.thing.created.v1',
      time: new Date().toISOString(),
      correlationId: 'c',
      data: {},
    };
    await expect(bus.publish(e)).rejects.toThrow(/timed out/);
    await bus.close();
  });
});
