/**
 * A PostgreSQL cluster of the run's own, for tests that stop and start the database (never the shared
 * server). PostgreSQL refuses to run as root: as root, initdb and pg_ctl run as the `postgres` user on a
 * directory it owns (notes/environment.md). The binaries come from Debian's package (/usr/lib/postgresql/N).
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

export type PrivatePostgres = {
  /** postgresql://postgres@127.0.0.1:<port>/postgres */
  url: string;
  /** A fast shutdown (clients are disconnected): an outage. */
  stop(): void;
  start(): void;
  /** Stops it and deletes its directory. */
  close(): void;
};

function binDir(): string {
  const base = '/usr/lib/postgresql';
  const version = existsSync(base) ? readdirSync(base).sort().at(-1) : undefined;
  if (!version)
    throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql (apt install postgresql)');
  return join(base, version, 'bin');
}

export function startPrivatePostgres(port: number): PrivatePostgres {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'noek-pg-'));
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args], { stdio: 'pipe' })
      : execFileSync(join(bin, tool), args, { stdio: 'pipe' });
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const start = () => void run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  const stop = () => void run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    close: () => {
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
