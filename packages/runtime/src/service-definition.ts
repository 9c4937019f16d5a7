import type { Express } from 'express';
import type { Logger } from 'pino';
import type { DatabaseTarget } from '@noek/db';
import type { EventBus } from '@noek/service-kit';

export type Env = Record<string, string | undefined>;

/** What the runtime hands a service: the raw environment, where its database is, the bus, a logger. */
export interface ServiceContext {
  /** Parse it with the service's own config schema (loadConfig). */
  env: Env;
  /** The database target for the service's own schema: real PostgreSQL or the embedded one. */
  database(schema: string): DatabaseTarget;
  bus: EventBus;
  logger: Logger;
}

/** What a service hands back: its app, and hooks for work that outlives a request. */
export interface ServiceInstance {
  app: Express;
  /** Consumers, relays, timers; the app is not listening yet. */
  start?(): Promise<void>;
  /**
   * First on shutdown, readiness already failing and the server still serving: finish work in flight
   * within `ms` (chat: replies end with their final events, so no stream is cut when the server closes).
   */
  drain?(ms: number): Promise<void>;
  /** After the HTTP server stopped taking requests: stop background work, close the database. */
  stop?(): Promise<void>;
}

/**
 * One service, runnable in both modes: its main.ts is `runServiceProcess(definition)`, and the
 * single-process start script takes the same definitions.
 */
export interface ServiceDefinition {
  name: string;
  /** Its port when run alone and PORT is unset (auth 4001, chat 4002, billing 4003, admin 4004). */
  defaultPort?: number;
  /** Parses config, migrates and opens its database, builds its app. Throws on bad config (names the keys). */
  create(ctx: ServiceContext): Promise<ServiceInstance>;
}

export function defineService(def: ServiceDefinition): ServiceDefinition {
  return def;
}
