#!/usr/bin/env node
// Launcher for the offline schema engine shim (src/engine/schema-engine-shim.ts). The Prisma CLI
// spawns this file as its `schema-engine` binary (PRISMA_SCHEMA_ENGINE_BINARY, set by each
// service's prisma.config.ts). The CLI parses our stderr as JSON lines: keep Node warnings off it.
process.removeAllListeners('warning');
const { register } = await import('tsx/esm/api');
register();
await import('../src/engine/schema-engine-shim.ts');
