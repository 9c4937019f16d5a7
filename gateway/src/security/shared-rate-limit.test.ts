import { afterEach, describe, expect, it, vi } from 'vitest';
import { gatewayHitsCountedEvent } from '@noek/contracts';
import { captureLogger, createInProcessEventBus } from '@noek/service-kit';
import { createRateLimiter } from './rate-limit';
import { hitsMessage, shareRateLimit, type SharedRateLimit } from './shared-rate-limit';

const bus = createInProcessEventBus();
const { logger } = captureLogger();
const running: SharedRateLimit[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const s of running.splice(0)) await s.stop();
});

/** One gateway replica's limiter (5 at once, 1 a minute: no refill within a test), sharing on the bus. */
async function replica(name: string) {
  const limiter = createRateLimiter(1, 5, { trackHits: true });
  running.push(await shareRateLimit({ limiter, bus, intervalMs: 10, logger, replica: name }));
  return limiter;
}

const until = (check: () => boolean) => expect.poll(check, { timeout: 10_000, interval: 5 }).toBe(true);

describe('shareRateLimit', () => {
  it("takes the other replicas' hits from its own buckets, and not its own twice", async () => {
    const [a, b] = [await replica('a'), await replica('b')];
    for (let i = 0; i < 3; i += 1) expect(a.take('ip')).toBe(0);
    const seen: unknown[] = [];
    const l = await bus.listen({ subjects: [gatewayHitsCountedEvent.subject], handler: (e) => seen.push(e) });
    await until(() => seen.length > 0);
    await l.stop();
    // b heard a's 3: 2 left there; a counted its own 3 once: 2 left here too. (Both in one synchronous
    // block: b's own hits reach a only at b's next interval.)
    expect([b.take('ip'), b.take('ip'), b.take('ip')].map((w) => w > 0)).toEqual([false, false, true]);
    expect([a.take('ip'), a.take('ip'), a.take('ip')].map((w) => w > 0)).toEqual([false, false, true]);
  });

  it('ignores a malformed message and sends nothing when nothing was let through', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const a = await replica('a');
    const seen: unknown[] = [];
    const l = await bus.listen({ subjects: [gatewayHitsCountedEvent.subject], handler: (e) => seen.push(e) });
    bus.broadcast({ ...hitsMessage('x', []), data: { replica: 'x', hits: [['ip', -5]] } });
    bus.broadcast({ ...hitsMessage('x', []), data: { replica: 'x', hits: 'all of them' } });
    expect(a.size).toBe(0);
    await vi.advanceTimersByTimeAsync(50); // five of its intervals
    expect(seen).toHaveLength(2); // only the two above: an idle replica is silent
    await l.stop();
  });
});
