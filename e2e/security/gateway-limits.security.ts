/**
 * Issue 14 §8: a client may not hold the gateway's sockets by sending its headers slowly, nor open
 * unbounded connections from one address.
 */
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './support';

const target = () => {
  const u = new URL(baseUrl());
  return { host: '127.0.0.1', port: Number(u.port) };
};

function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(target(), () => resolve(s));
    s.once('error', reject);
  });
}

describe('§8 slow clients and connection floods', () => {
  it('a client dribbling one header line a second is cut off within a few seconds', async () => {
    const s = await open();
    s.on('error', () => undefined);
    const started = Date.now();
    let closedAfter = -1;
    s.once('close', () => (closedAfter = Date.now() - started));
    // Read what the gateway answers (a paused socket never reports its end).
    s.resume();
    s.write('GET /api/version HTTP/1.1\r\nHost: localhost\r\n');
    for (let i = 0; i < 15 && closedAfter < 0; i += 1) {
      // The next line after a second, unless the gateway cuts the socket first.
      await once(s, 'close', { signal: AbortSignal.timeout(1_000) }).catch(() => undefined);
      if (!s.destroyed) s.write(`X-Slow-${i}: x\r\n`);
    }
    s.destroy();
    expect(closedAfter).toBeGreaterThan(0);
    expect(closedAfter).toBeLessThan(10_000);
  });

  it('one address cannot hold more than its share of connections', async () => {
    const sockets: Socket[] = [];
    let closed = 0;
    try {
      for (let i = 0; i < 300; i += 1) {
        const s = await open();
        s.on('error', () => undefined);
        s.once('close', () => (closed += 1));
        sockets.push(s);
      }
      await expect.poll(() => closed, { timeout: 5_000 }).toBeGreaterThanOrEqual(300 - 256);
    } finally {
      for (const s of sockets) s.destroy();
    }
    // Freed: a new connection is served again.
    await expect
      .poll(() => fetch(`${baseUrl()}/api/version`).then((r) => r.status), { timeout: 5_000 })
      .toBe(200);
  });
});
