// @noek/db: a service's database at run time (driver adapters, migrate at start, readiness) and
// the offline Prisma workflow (engine shim, drift check). See README.md.
export type { DatabaseTarget, DriverAdapterOptions, EmbeddedPglite } from './driver-adapter';
export { createDriverAdapter } from './driver-adapter';
export type { MigrateOptions, MigrateResult, MigrationLogger } from './migrate';
export { migrateDatabase } from './migrate';
export { openEmbeddedPostgres, closeEmbeddedPostgres } from './embedded';
export { openEmbeddedPostgresWorker } from './embedded-worker-client';
export type { KeepAnalyzedOptions } from './embedded-analyze';
export { analyzeStaleTables, keepAnalyzed, EMBEDDED_ANALYZE_INTERVAL_MS } from './embedded-analyze';
export type { ReadyResult, RawQueryable } from './readiness';
export { checkReady } from './readiness';
export type { DriftResult, ServiceDatabase } from './drift';
export { checkDrift, checkServiceDrift } from './drift';
export { parsePostgresUrl, searchPathOption } from './connection';
export { ensureDatabase } from './connection';
export type { ServiceDatabaseDir } from './service-databases';
export { discoverServiceDatabases } from './service-databases';
export { createMemoryPglite } from './memory-pglite';
export type { Wakeups } from './outbox-wakeups';
export { outboxWakeups } from './outbox-wakeups';
export { recreateDatabase } from './recreate-database';
