import type { DatabaseTarget } from '@noek/db';
import type { Express } from 'express';
import type { Logger } from 'pino';
import { createSessionGuard, type SessionGuard } from '../auth/session-guard';
import type { EventBus } from '../events/event-bus';
import type { OutboxDb } from '../outbox/outbox-db';
import type { OutboxWakeups } from '../outbox/outbox-relay';
import type { AssembledService } from './assemble-service';

export type Env = Record<string, string | undefined>;

/** What a run mode (@noek/runtime: its own process, or `npm start`) hands a service. */
export interface ServiceContext {
  /** Parsed by the service's own config.ts. */
  env: Env;
  /** The database target for the service's own schema: real PostgreSQL or the embedded one. */
  database(schema: string): DatabaseTarget;
  /** Wake-ups of the outbox relay on that target (commits in any process); unset: the relay polls. */
  outboxWakeups?(target: DatabaseTarget): OutboxWakeups;
  bus: EventBus;
  logger: Logger;
}

/** What a run mode drives: the app, and the hooks for work that outlives a request. */
export interface ServiceInstance {
  app: Express;
  /** Consumers, relays, timers; the app is not listening yet. */
  start?(): Promise<void>;
  /** First on shutdown, readiness already failing and the server still serving. */
  drain?(ms: number): Promise<void>;
  /** After the HTTP server stopped taking requests: stop background work, close the database. */
  stop?(): Promise<void>;
}

/** One service, runnable in both modes: main.ts is `runServiceProcess(definition)`; `npm start` takes the same. */
export interface ServiceDefinition {
  name: string;
  /** Its port when run alone and PORT is unset (auth 4001, chat 4002, billing 4003, admin 4004). */
  defaultPort?: number;
  create(ctx: ServiceContext): Promise<ServiceInstance>;
}

/** A database a service opens: an outbox, and a connection to close last. */
export type ServiceDb = OutboxDb & { $disconnect(): Promise<void> };

/** Where the session guard asks: auth's public key, and auth's URL for the stale-feed fallback. */
export interface SessionGuardOptions {
  publicKey: string;
  authUrl?: string;
}

/** What `create` receives: the parsed config, the open database, and the kit's wiring to pass on. */
export interface ServiceDeps<Config, Db> {
  config: Config;
  db: Db;
  target: DatabaseTarget;
  bus: EventBus;
  logger: Logger;
  outboxWakeups: OutboxWakeups | undefined;
}

type Created = AssembledService<unknown> | Promise<AssembledService<unknown>>;

interface BaseSpec<Config, Db extends ServiceDb> {
  name: string;
  defaultPort: number;
  /** Its own PostgreSQL schema. */
  schema: string;
  /** config.ts: parses the env with the service's zod schema (throws ConfigError naming bad variables). */
  loadConfig(env: Env): Config;
  /** Migrates and opens its database. */
  openDatabase(target: DatabaseTarget): Promise<Db>;
}

/** Every service but auth: the signed-in check with auth's revocations in front of its routes. */
export interface GuardedServiceSpec<Config, Db extends ServiceDb> extends BaseSpec<Config, Db> {
  sessionGuard(config: Config): SessionGuardOptions;
  /** service.ts, put together with assembleService: pass `guard` on, its `authenticate` before the routes. */
  create(deps: ServiceDeps<Config, Db> & { guard: SessionGuard }): Created;
}

/** auth: it issues the tokens, so it has no session guard. */
export interface UnguardedServiceSpec<Config, Db extends ServiceDb> extends BaseSpec<Config, Db> {
  sessionGuard?: undefined;
  create(deps: ServiceDeps<Config, Db>): Created;
}

/**
 * THE definition of a service: config, session guard, database, then its assembled parts (assembleService);
 * the database closes after everything else stopped. The same for every service, in both run modes.
 */
export function defineService<Config, Db extends ServiceDb>(
  spec: GuardedServiceSpec<Config, Db>,
): ServiceDefinition;
export function defineService<Config, Db extends ServiceDb>(
  spec: UnguardedServiceSpec<Config, Db>,
): ServiceDefinition;
export function defineService<Config, Db extends ServiceDb>(
  spec: GuardedServiceSpec<Config, Db> | UnguardedServiceSpec<Config, Db>,
): ServiceDefinition {
  return {
    name: spec.name,
    defaultPort: spec.defaultPort,
    async create({ env, database, outboxWakeups, bus, logger }) {
      const config = spec.loadConfig(env);
      const target = database(spec.schema);
      const db = await spec.openDatabase(target);
      try {
        const deps = { config, db, target, bus, logger, outboxWakeups: outboxWakeups?.(target) };
        const service = spec.sessionGuard
          ? await spec.create({
              ...deps,
              guard: createSessionGuard({ bus, logger, ...spec.sessionGuard(config) }),
            })
          : await spec.create(deps);
        return {
          app: service.app,
          start: () => service.start(),
          drain: (ms) => service.drain(ms),
          stop: async () => {
            await service.stop();
            await db.$disconnect();
          },
        };
      } catch (err) {
        await db.$disconnect();
        throw err;
      }
    },
  };
}
