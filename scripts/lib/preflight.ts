import { connect } from 'node:net';
import pg from 'pg';
import { scriptEnv } from './config';

function reachable(host: string, port: number, timeoutMs = 2000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Checks the real PostgreSQL and NATS the API and browser tests use, creating the test database when
 * PostgreSQL is up without it. Returns a plain-language line per missing server.
 */
export async function checkLocalServers(): Promise<string[]> {
  const { DATABASE_URL, NATS_URL } = scriptEnv();
  const missing: string[] = [];
  const db = new URL(DATABASE_URL);
  const admin = new pg.Client({ connectionString: DATABASE_URL.replace(db.pathname, '/postgres') });
  try {
    await admin.connect();
    const name = db.pathname.slice(1);
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  } catch (err) {
    missing.push(
      `PostgreSQL at ${db.host} (${(err as Error).message}): start it with pg_ctlcluster ... main start`,
    );
  } finally {
    await admin.end().catch(() => undefined);
  }
  const nats = new URL(NATS_URL);
  if (!(await reachable(nats.hostname, Number(nats.port || 4222)))) {
    missing.push(
      `NATS with JetStream at ${nats.host}: start it with nats-server -js -p ${nats.port || 4222}`,
    );
  }
  return missing;
}
