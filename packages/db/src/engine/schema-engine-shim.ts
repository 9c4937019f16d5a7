// Stand-in for Prisma's native `schema-engine` binary, which cannot be downloaded offline.
// Speaks the same protocol: argv as the CLI passes it, line-delimited JSON-RPC 2.0 on stdin/stdout,
// JSON log lines on stderr, and `cli <command>` one-shots. Every RPC call is forwarded to the wasm
// schema engine (same git hash as the binary the CLI would download) over adapter-pg.
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { parsePostgresUrl } from '../connection';
import { createPgMigrationFactory } from './pg-migration-factory';
import { createSchemaEngine, engineErrorMessage, isEnginePanic, lastEnginePanic } from './load-schema-engine';
import { parseShimArgs } from './shim-args';
import { runCliCommand } from './shim-cli-commands';
import { forwardEngineLog, logLine } from './shim-log';
import { createRpcHandler, RpcError } from './shim-rpc';

const ENGINE_HASH = '0edf323efd1d98336f3f0a68684b56f689b900d3';

interface RpcRequest {
  id?: number | string;
  method?: string;
  params?: unknown;
}

function errorPayload(error: unknown) {
  const panic = isEnginePanic(error);
  const code = error instanceof RpcError ? error.errorCode : (error as { code?: unknown })?.code;
  const message = engineErrorMessage(error);
  return {
    code: 4466,
    message: 'An error happened. Check the data field for details.',
    data: {
      is_panic: panic,
      message,
      error_code: typeof code === 'string' ? code : undefined,
      meta: (error as { meta?: unknown })?.meta,
    },
  };
}

async function serve(args: ReturnType<typeof parseShimArgs>): Promise<void> {
  const url = args.datasource?.url;
  if (!url)
    throw new Error(
      'The schema engine shim needs --datasource with a url (set datasource.url in prisma.config.ts).',
    );
  const { config, schema = 'public' } = parsePostgresUrl(url);
  const shadow = args.datasource?.shadowDatabaseUrl;
  const files = await Promise.all(
    args.datamodels.map(async (path) => ({ path, content: await readFile(path, 'utf-8') })),
  );
  const engine = await createSchemaEngine({
    datamodels: files.map((f) => [f.path, f.content]),
    adapterFactory: createPgMigrationFactory({
      config,
      schema,
      shadowConfig: shadow ? parsePostgresUrl(shadow).config : undefined,
    }),
    log: forwardEngineLog,
  });
  const configDir = args.datamodels[0] ? dirname(args.datamodels[0]) : process.cwd();
  const handle = createRpcHandler({ engine, files, configDir, url, schema });
  const reply = (msg: object) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...msg })}\n`);

  // One request at a time, in order, as the native engine does.
  let queue = Promise.resolve();
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  lines.on('line', (line) => {
    if (!line.trim()) return;
    queue = queue.then(async () => {
      let request: RpcRequest;
      try {
        request = JSON.parse(line) as RpcRequest;
      } catch {
        reply({ id: null, error: { code: -32700, message: 'Parse error' } });
        return;
      }
      if (request.id === undefined || !request.method) return; // a response to our own request, or a notification
      try {
        reply({ id: request.id, result: await handle(request.method, request.params) });
      } catch (error) {
        logLine('ERROR', engineErrorMessage(error));
        reply({ id: request.id, error: errorPayload(error) });
      }
    });
  });
  await new Promise<void>((resolve) => lines.on('close', resolve));
  await queue;
}

async function main(): Promise<number> {
  const args = parseShimArgs(process.argv.slice(2));
  if (args.version) {
    process.stdout.write(`schema-engine-cli ${ENGINE_HASH}\n`);
    return 0;
  }
  if (args.cliCommand) return runCliCommand(args.cliCommand, args.datasource?.url);
  await serve(args);
  return 0;
}

// A Rust panic inside an async engine callback escapes every try/catch: report it the way the
// native binary does (an ERROR line, exit code 101) so the CLI prints it as an engine panic.
process.on('uncaughtException', (error) => {
  logLine(
    'ERROR',
    isEnginePanic(error) ? `Schema engine panicked: ${lastEnginePanic() ?? error.message}` : error.message,
  );
  process.exit(isEnginePanic(error) ? 101 : 1);
});

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    logLine('ERROR', engineErrorMessage(error));
    process.exit(1);
  },
);
