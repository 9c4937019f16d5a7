/**
 * A NATS server with JetStream of the run's own, so the product under test has the stream NOEK to itself:
 * JetStream refuses a second stream over the same subjects, and a shared one would mix runs' events.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type NatsServer = {
  url: string;
  stop(): Promise<void>;
  /** SIGKILL, keeping the store (a crash): `restart()` brings the same server back. */
  kill(): Promise<void>;
  restart(): Promise<void>;
};

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

async function launch(binary: string, port: number, storeDir: string): Promise<ChildProcess> {
  const child = spawn(binary, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], {
    stdio: 'ignore',
  });
  const failed = new Promise<never>((_, reject) =>
    child.once('error', (err) => reject(new Error(`could not start ${binary}: ${err.message}`))),
  );
  const deadline = Date.now() + 10_000;
  while (!(await Promise.race([listening(port), failed]))) {
    if (child.exitCode !== null) throw new Error(`${binary} exited with code ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`${binary} did not listen on ${port} within 10 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return child;
}

function exited(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

export async function startNatsServer(binary: string, port: number): Promise<NatsServer> {
  const storeDir = mkdtempSync(join(tmpdir(), 'noek-e2e-nats-'));
  let child = await launch(binary, port, storeDir);
  return {
    url: `nats://127.0.0.1:${port}`,
    stop: async () => {
      await exited(child, 'SIGTERM');
      rmSync(storeDir, { recursive: true, force: true });
    },
    kill: () => exited(child, 'SIGKILL'),
    restart: async () => {
      child = await launch(binary, port, storeDir);
    },
  };
}
