// `schema-engine --datasource {"url":...} cli <command>`: database-level commands the CLI runs in
// its own short-lived process (migrate dev creates a missing database this way).
import pg from 'pg';
import type { PoolConfig } from 'pg';
import { parsePostgresUrl, quoteIdent } from '../connection';
import { logLine } from './shim-log';

interface PgError {
  code?: string;
  message: string;
}

/** Map a pg connection error to the P-code the CLI understands (P1003 = database does not exist). */
export function prismaCodeFor(error: PgError, config: PoolConfig): { code: string; message: string } {
  const where = `${config.host}:${config.port}`;
  if (error.code === '3D000')
    return {
      code: 'P1003',
      message: `Database \`${config.database}\` does not exist on the database server at \`${where}\`.`,
    };
  if (error.code === '28P01' || error.code === '28000')
    return { code: 'P1000', message: `Authentication failed against database server at \`${where}\`.` };
  if (error.code === '42P04')
    return {
      code: 'P1009',
      message: `Database \`${config.database}\` already exists on the database server at \`${where}\``,
    };
  return { code: 'P1001', message: `Can't reach database server at \`${where}\`: ${error.message}` };
}

async function run(config: PoolConfig, sql?: string): Promise<void> {
  const client = new pg.Client(config);
  await client.connect();
  try {
    if (sql) await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function runCliCommand(command: string, url: string | undefined): Promise<number> {
  logLine('INFO', `Starting schema engine shim (cli ${command})`);
  if (!url) {
    logLine('ERROR', 'No datasource url given', { error_code: 'P1012' });
    return 1;
  }
  const { config } = parsePostgresUrl(url);
  const admin = { ...config, database: 'postgres' };
  try {
    if (command === 'can-connect-to-database') await run(config);
    else if (command === 'create-database')
      await run(admin, `CREATE DATABASE ${quoteIdent(String(config.database))}`);
    else if (command === 'drop-database')
      await run(admin, `DROP DATABASE IF EXISTS ${quoteIdent(String(config.database))} WITH (FORCE)`);
    else {
      logLine('ERROR', `Unknown cli command: ${command}`);
      return 1;
    }
    return 0;
  } catch (error) {
    const mapped = prismaCodeFor(error as PgError, config);
    logLine('ERROR', mapped.message, { error_code: mapped.code });
    return 1;
  }
}
