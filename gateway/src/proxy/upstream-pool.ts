import { connect as netConnect, isIP } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { UpstreamConnection, type ConnectionHome } from '../wire/upstream-connection';

/** Idle connections kept per address at most; more are closed as they come back. */
const MAX_IDLE = 256;
/** What one read from an upstream connection may bring. */
const READ_BUFFER_BYTES = 64 * 1024;

export interface PoolAddress {
  hostname: string;
  port: number;
  secure: boolean;
}

/** How often busy connections are checked for silence: a quarter of the bound, within 10 ms..1 s. */
export function sweepEveryMs(timeoutMs: number): number {
  return timeoutMs > 0 ? Math.min(1_000, Math.max(10, Math.floor(timeoutMs / 4))) : 1_000;
}

/**
 * The keep-alive connections to one upstream address (what node:http's Agent did, without its
 * per-request bookkeeping): the most recently used idle connection is handed out first (LIFO), so idle
 * ones expire instead of all being kept half-warm; one past the upstream's keep-alive hint is not
 * reused (it may be closing). The in-flight cap per service bounds how many are open at once.
 */
export class UpstreamPool implements ConnectionHome {
  private readonly idle: UpstreamConnection[] = [];
  /** Connections carrying an exchange, watched for silence by one sweeper instead of a timer each. */
  private readonly busyOnes = new Set<UpstreamConnection>();
  private sweeper: NodeJS.Timeout | undefined;
  private closed = false;
  /**
   * Every plain connection of the pool reads into this one buffer: a read is handled to the end (the
   * response parsed, its bytes written on or copied) before the next read can happen.
   */
  private readonly readBuffer = Buffer.allocUnsafe(READ_BUFFER_BYTES);

  constructor(
    private readonly address: PoolAddress,
    /** The sweeper's period (sweepEveryMs of the upstream timeout). */
    private readonly sweepMs = 1_000,
  ) {}

  busy(conn: UpstreamConnection): void {
    this.busyOnes.add(conn);
    if (this.sweeper) return;
    this.sweeper = setInterval(() => {
      for (const c of this.busyOnes) c.sweep(this.sweepMs);
    }, this.sweepMs);
    this.sweeper.unref();
  }

  /** An idle connection (reused) or a new one, connecting. */
  acquire(now = Date.now()): UpstreamConnection {
    for (let c = this.idle.pop(); c; c = this.idle.pop()) {
      if (!c.dead && c.expiresAt > now) {
        c.reused = true;
        return c;
      }
      c.destroy();
    }
    return this.open();
  }

  park(conn: UpstreamConnection): void {
    this.busyOnes.delete(conn);
    if (this.closed || this.idle.length >= MAX_IDLE) {
      conn.destroy();
      return;
    }
    const hint = conn.keepAliveHintMs;
    conn.expiresAt = hint > 1_000 ? Date.now() + hint - 1_000 : Number.POSITIVE_INFINITY;
    this.idle.push(conn);
  }

  forget(conn: UpstreamConnection): void {
    this.busyOnes.delete(conn);
    const i = this.idle.indexOf(conn);
    if (i !== -1) this.idle.splice(i, 1);
  }

  get idleCount(): number {
    return this.idle.length;
  }

  /** Closes the idle connections; the busy ones close as their exchanges end. */
  destroy(): void {
    this.closed = true;
    clearInterval(this.sweeper);
    for (const c of this.idle.splice(0)) c.destroy();
  }

  /** A new connection, connecting. */
  open(): UpstreamConnection {
    const { hostname, port, secure } = this.address;
    if (secure) {
      const socket = tlsConnect({
        host: hostname,
        port,
        servername: isIP(hostname) ? undefined : hostname,
        ALPNProtocols: ['http/1.1'],
      });
      return this.prepare(new UpstreamConnection(socket, this, 'secureConnect', true));
    }
    // The socket exists before the connection object that reads it.
    const reader: { conn?: UpstreamConnection } = {};
    const socket = netConnect({
      host: hostname,
      port,
      onread: {
        buffer: this.readBuffer,
        callback: (n) => {
          reader.conn?.read(this.readBuffer.subarray(0, n));
          return true;
        },
      },
    });
    reader.conn = new UpstreamConnection(socket, this, 'connect', false);
    return this.prepare(reader.conn);
  }

  private prepare(conn: UpstreamConnection): UpstreamConnection {
    conn.socket.setNoDelay(true);
    conn.socket.setKeepAlive(true, 1_000);
    return conn;
  }
}
