import { createServer } from 'node:net';

/** A loopback port nothing listens on right now, for a child process a test or benchmark starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

/**
 * `count` consecutive loopback ports nothing listens on, for a product whose services take consecutive
 * ports. Chosen below Linux's ephemeral range (32768 and up): a port from freePort() lies inside it, and
 * the ports after it could be taken at any moment as the local end of an outgoing connection (seen:
 * a service exiting with EADDRINUSE at start).
 */
export async function freePortRange(count: number, attempts = 50): Promise<number> {
  for (let i = 0; i < attempts; i++) {
    const base = 20_000 + Math.floor(Math.random() * (12_000 - count));
    let free = true;
    for (let p = base; p < base + count && free; p++) free = await canListen(p);
    if (free) return base;
  }
  throw new Error(`no ${count} consecutive free ports found below 32000`);
}
