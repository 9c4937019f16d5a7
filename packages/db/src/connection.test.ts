import { describe, expect, it } from 'vitest';
import { assertSchemaName, parsePostgresUrl, searchPathOption, withSearchPath } from './connection';
import { urlForSchema } from './prisma-cli.config';
import { parseShimArgs } from './engine/shim-args';
import { prismaCodeFor } from './engine/shim-cli-commands';

describe('parsePostgresUrl', () => {
  it('splits a URL into discrete fields and reads ?schema=', () => {
    const { config, schema } = parsePostgresUrl(
      'postgresql://u%40x:p%2Fw@db.local:6543/noek?schema=chat&sslmode=require',
    );
    expect(config).toMatchObject({
      host: 'db.local',
      port: 6543,
      user: 'u@x',
      password: 'p/w',
      database: 'noek',
      ssl: true,
    });
    expect(schema).toBe('chat');
  });
  it('defaults host, port and database, and refuses other protocols and odd schema names', () => {
    expect(parsePostgresUrl('postgres://postgres@localhost').config).toMatchObject({
      port: 5432,
      database: 'postgres',
    });
    expect(() => parsePostgresUrl('mysql://x@y/z')).toThrow(/PostgreSQL/);
    expect(() => parsePostgresUrl('postgresql://x@y/z?schema=a";drop')).toThrow(/schema name/);
  });
});

describe('search path', () => {
  it('builds the libpq options value, appending to existing options', () => {
    expect(searchPathOption('auth')).toBe('-c search_path="auth"');
    expect(withSearchPath({ options: '-c statement_timeout=5000' }, 'auth').options).toBe(
      '-c statement_timeout=5000 -c search_path="auth"',
    );
    expect(() => assertSchemaName('1bad')).toThrow();
  });
  it('urlForSchema replaces the schema parameter and names DATABASE_URL when invalid', () => {
    expect(urlForSchema('postgresql://p@h:5432/noek?schema=x', 'chat')).toBe(
      'postgresql://p@h:5432/noek?schema=chat',
    );
    expect(() => urlForSchema('not a url', 'chat')).toThrow(/DATABASE_URL/);
  });
});

describe('schema engine shim helpers', () => {
  it('parses the argv the Prisma CLI passes', () => {
    const args = parseShimArgs([
      '--datamodels',
      'a.prisma',
      '--datamodels',
      'b.prisma',
      '--datasource',
      '{"url":"postgresql://x"}',
      'cli',
      'create-database',
    ]);
    expect(args).toEqual({
      datamodels: ['a.prisma', 'b.prisma'],
      datasource: { url: 'postgresql://x' },
      cliCommand: 'create-database',
      version: false,
    });
    expect(parseShimArgs(['--version']).version).toBe(true);
  });
  it('maps pg errors to the P-codes the CLI acts on', () => {
    const config = { host: 'h', port: 5432, database: 'noek' };
    expect(prismaCodeFor({ code: '3D000', message: 'x' }, config).code).toBe('P1003');
    expect(prismaCodeFor({ code: 'ECONNREFUSED', message: 'x' }, config).code).toBe('P1001');
  });
});
