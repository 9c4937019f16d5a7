// Loads Prisma's WebAssembly schema engine (the same engine the native `schema-engine` binary embeds).
// The package's own entry imports the .wasm file as an ES module, which plain Node cannot do, so the
// wasm-bindgen glue is imported and instantiated by hand.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SchemaEngine } from '@prisma/schema-engine-wasm';
import type * as GlueModule from '@prisma/schema-engine-wasm/schema_engine_bg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';

export type { SchemaEngine };
type Glue = typeof GlueModule & {
  __wbg_set_wasm(exports: WebAssembly.Exports): void;
};

const require = createRequire(import.meta.url);
const gluePath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
// The wasm module reports a Rust panic's message here before it traps.
let lastPanicMessage: string | undefined;
(globalThis as { PRISMA_WASM_PANIC_REGISTRY?: unknown }).PRISMA_WASM_PANIC_REGISTRY ??= {
  set_message(message: string) {
    lastPanicMessage = message;
  },
};

let compiled: Promise<WebAssembly.Module> | undefined;
let current: Promise<Glue> | undefined;
let generation = 0;

function compile(): Promise<WebAssembly.Module> {
  compiled ??= readFile(join(dirname(gluePath), 'schema_engine_bg.wasm')).then((b) => WebAssembly.compile(b));
  return compiled;
}

// A fresh glue module per generation: after a Rust panic the wasm instance may be poisoned, and ESM
// caches modules by URL, so a new query string yields a new, clean instance.
async function instantiate(): Promise<Glue> {
  const url = `${pathToFileURL(gluePath).href}?instance=${generation}`;
  const glue = (await import(url)) as Glue;
  const instance = await WebAssembly.instantiate(await compile(), { './schema_engine_bg.js': glue });
  glue.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  return glue;
}

/** Start loading the engine now (e.g. while a PGlite boots); later engine creation reuses it. */
export function preloadSchemaEngine(): Promise<unknown> {
  current ??= instantiate();
  return current;
}

/** Forget the current wasm instance (call after a panic); the next engine gets a fresh one. */
export function discardEngineInstance(): void {
  generation += 1;
  current = undefined;
}

export const MINIMAL_SCHEMA = 'datasource db {\n  provider = "postgresql"\n}\n';

export type EngineLog = (line: string) => void;

export interface CreateEngineOptions {
  /** [path, content] pairs of the Prisma schema files (may be empty for migrations-only work). */
  datamodels: [string, string][];
  adapterFactory: SqlMigrationAwareDriverAdapterFactory;
  log?: EngineLog;
}

export async function createSchemaEngine(options: CreateEngineOptions): Promise<SchemaEngine> {
  current ??= instantiate();
  const glue = await current;
  const log = options.log ?? (() => {});
  // The engine panics when given no schema file; migrations-only work needs just the provider.
  const datamodels: [string, string][] =
    options.datamodels.length > 0 ? options.datamodels : [['schema.prisma', MINIMAL_SCHEMA]];
  return glue.SchemaEngine.new(
    { datamodels },
    (line: string) => log(line),
    bindMigrationAwareSqlAdapterFactory(options.adapterFactory),
  );
}

/** wasm traps (a Rust panic) surface as `RuntimeError: unreachable`. */
export function isEnginePanic(error: unknown): boolean {
  return error instanceof WebAssembly.RuntimeError;
}

/** Engine errors come back as plain objects or strings; turn them into a message a human can read. */
/** The message of the last Rust panic, if any (a panic inside a callback cannot be caught). */
export function lastEnginePanic(): string | undefined {
  return lastPanicMessage;
}

export function engineErrorMessage(error: unknown): string {
  if (isEnginePanic(error)) return `Schema engine panicked: ${lastPanicMessage ?? (error as Error).message}`;
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object' && 'message' in error) return String(error.message);
  return JSON.stringify(error);
}
