import pg from 'pg';

/**
 * Drops and creates the database `url` names, from the server's maintenance database: a clean database
 * for a browser journey's product or a bench. Never for a service's own data.
 */
export async function recreateDatabase(url: string): Promise<void> {
  const u = new URL(url);
  const name = u.pathname.slice(1);
  const admin = new pg.Client({ connectionString: url.replace(u.pathname, '/postgres') });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
}
