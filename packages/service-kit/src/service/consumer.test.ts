import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Subscription } from '../events/event-bus';
import { captureLogger } from '../testing/log-capture';
import { startConsumer } from './consumer';

const subscription = (): Subscription & { stopped: number } => ({
  durable: 'test',
  stopped: 0,
  async stop() {
    this.stopped += 1;
  },
});

describe('startConsumer', () => {
  afterEach(() => vi.useRealTimers());

  it('retries a failed subscribe with backoff until it subscribes', async () => {
    vi.useFakeTimers();
    const sub = subscription();
    const subscribe = vi
      .fn<() => Promise<Subscription>>()
      .mockRejectedValueOnce(new Error('nats down'))
      .mockRejectedValueOnce(new Error('nats down'))
      .mockResolvedValue(sub);
    const { logger, lines } = captureLogger();
    const running = startConsumer({ name: 'x', subscribe }, logger, { baseMs: 100, maxMs: 1_000 });
    await vi.advanceTimersByTimeAsync(99);
    expect(subscribe).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(subscribe).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(200);
    expect(subscribe).toHaveBeenCalledTimes(3);
    await running.ready;
    expect(lines().filter((l) => l.msg === 'subscribing failed; retrying')).toHaveLength(2);
    await running.stop();
    expect(sub.stopped).toBe(1);
  });

  it('stop does not wait for a subscribe still waiting for NATS, which stops itself when it gets there', async () => {
    const sub = subscription();
    let resolve!: (s: Subscription) => void;
    const pending = new Promise<Subscription>((r) => (resolve = r));
    const running = startConsumer({ name: 'x', subscribe: () => pending }, captureLogger().logger);
    await running.stop();
    await running.ready;
    resolve(sub);
    await expect.poll(() => sub.stopped).toBe(1);
  });

  it('stop ends the retries', async () => {
    vi.useFakeTimers();
    const subscribe = vi.fn<() => Promise<Subscription>>().mockRejectedValue(new Error('nats down'));
    const running = startConsumer({ name: 'x', subscribe }, captureLogger().logger, {
      baseMs: 10,
      maxMs: 10,
    });
    await vi.advanceTimersByTimeAsync(0);
    await running.stop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(subscribe).toHaveBeenCalledTimes(1);
  });
});
