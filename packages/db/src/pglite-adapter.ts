// Driver adapters over ONE shared PGlite, each scoped to a service's PostgreSQL schema.
//
// pglite-prisma-adapter 0.7.2 has no schema option, fires executeScript without awaiting it (its
// errors become unhandled rejections), and maps no OID 18. A PGlite is a single session, so a
// per-service search_path cannot be a connection option as with adapter-pg: generated queries are
// qualified through getConnectionInfo().schemaName, and for raw SQL (and migration DDL) every call
// outside a transaction runs under a per-PGlite lock that first switches the session's search_path
// when another schema used it last. A transaction sets `SET LOCAL search_path` as its first statement
// (PGlite holds its own lock for the whole transaction, and SET LOCAL ends with it).
import { Mutex } from '@electric-sql/pglite';
import type { PGlite } from '@electric-sql/pglite';
import type {
  IsolationLevel,
  SqlDriverAdapter,
  SqlDriverAdapterFactory,
  SqlMigrationAwareDriverAdapterFactory,
  SqlQuery,
  Transaction,
} from '@prisma/driver-adapter-utils';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { assertSchemaName, quoteIdent } from './connection';
import type { EmbeddedPglite } from './driver-adapter';
import { retypeCharColumns } from './engine/char-retype';

interface SessionState {
  lock: Mutex;
  searchPath?: string;
}
const sessions = new WeakMap<EmbeddedPglite, SessionState>();

function sessionOf(pglite: EmbeddedPglite): SessionState {
  let state = sessions.get(pglite);
  if (!state) {
    state = { lock: new Mutex() };
    sessions.set(pglite, state);
  }
  return state;
}

/**
 * The lock every call outside a transaction takes on this PGlite: work of its own (ANALYZE) takes it too,
 * so it never runs between another call's search_path switch and its statement.
 */
export const pgliteSessionLock = (pglite: EmbeddedPglite): Mutex => sessionOf(pglite).lock;

const noArgs = (sql: string): SqlQuery => ({ sql, args: [], argTypes: [] });

export interface ScopedPgliteOptions {
  /** Retype OID 18 columns (needed by the schema engine, not by the client). */
  forSchemaEngine?: boolean;
}

class ScopedPgliteAdapter implements SqlDriverAdapter {
  readonly provider = 'postgres' as const;
  readonly adapterName: string;
  private readonly session: SessionState;

  constructor(
    private readonly pglite: EmbeddedPglite,
    private readonly inner: SqlDriverAdapter,
    private readonly schema: string,
  ) {
    this.adapterName = inner.adapterName;
    this.session = sessionOf(pglite);
  }

  private scoped<T>(fn: () => Promise<T>): Promise<T> {
    return this.session.lock.runExclusive(async () => {
      if (this.session.searchPath !== this.schema) {
        await this.pglite.exec(`SET search_path TO ${quoteIdent(this.schema)}`);
        this.session.searchPath = this.schema;
      }
      return fn();
    });
  }

  queryRaw(query: SqlQuery) {
    return this.scoped(() => this.inner.queryRaw(query));
  }

  executeRaw(query: SqlQuery) {
    return this.scoped(() => this.inner.executeRaw(query));
  }

  executeScript(script: string): Promise<void> {
    return this.scoped(async () => {
      try {
        await this.pglite.exec(script);
      } catch (error) {
        // Let the wrapped adapter turn PGlite's DatabaseError into a DriverAdapterError.
        (this.inner as unknown as { onError(e: unknown): never }).onError(error);
      }
    });
  }

  async startTransaction(isolationLevel?: IsolationLevel): Promise<Transaction> {
    const tx = await this.inner.startTransaction(isolationLevel);
    try {
      await tx.executeRaw(noArgs(`SET LOCAL search_path TO ${quoteIdent(this.schema)}`));
    } catch (error) {
      await tx.rollback();
      throw error;
    }
    return tx;
  }

  getConnectionInfo() {
    return { schemaName: this.schema, supportsRelationJoins: true };
  }

  async dispose(): Promise<void> {
    // The PGlite is shared and owned by whoever opened it.
  }
}

async function connectScoped(
  pglite: EmbeddedPglite,
  schema: string,
  options: ScopedPgliteOptions,
): Promise<SqlDriverAdapter> {
  const inner = await new PrismaPGlite(pglite as PGlite).connect();
  if (options.forSchemaEngine) retypeCharColumns(inner);
  return new ScopedPgliteAdapter(pglite, inner, assertSchemaName(schema));
}

/** Adapter factory for `new PrismaClient({ adapter })` on a shared PGlite, scoped to `schema`. */
export function createPgliteAdapterFactory(
  pglite: EmbeddedPglite,
  schema: string,
  options: ScopedPgliteOptions = {},
): SqlDriverAdapterFactory {
  return {
    provider: 'postgres',
    adapterName: 'pglite-prisma-adapter',
    connect: () => connectScoped(pglite, schema, options),
  };
}

export async function ensurePgliteSchema(pglite: EmbeddedPglite, schema: string): Promise<void> {
  await sessionOf(pglite).lock.runExclusive(() =>
    pglite.exec(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(assertSchemaName(schema))}`),
  );
}

/**
 * Factory for the schema engine on PGlite. A PGlite holds one database, and the engine compares
 * schemas by name, so a shadow "database" can only be the same-named schema in a PGlite whose data
 * does not matter (the drift check's in-memory one): pass `shadowInSameSchema` only there. It is
 * emptied before use and dropped on dispose. Without it, commands needing a shadow fail clearly.
 */
export function createPgliteMigrationFactory(
  pglite: EmbeddedPglite,
  schema: string,
  { shadowInSameSchema = false } = {},
): SqlMigrationAwareDriverAdapterFactory {
  const shadowSchema = schema;
  const engineOptions = { forSchemaEngine: true };
  return {
    provider: 'postgres',
    adapterName: 'pglite-prisma-adapter',
    async connect() {
      await ensurePgliteSchema(pglite, schema);
      return connectScoped(pglite, schema, engineOptions);
    },
    async connectToShadowDb() {
      if (!shadowInSameSchema) throw new Error('No shadow database on an embedded PGlite holding real data');
      const drop = `DROP SCHEMA IF EXISTS ${quoteIdent(assertSchemaName(shadowSchema))} CASCADE`;
      await sessionOf(pglite).lock.runExclusive(() => pglite.exec(drop));
      await ensurePgliteSchema(pglite, shadowSchema);
      const adapter = await connectScoped(pglite, shadowSchema, engineOptions);
      adapter.dispose = async () => {
        await sessionOf(pglite).lock.runExclusive(() => pglite.exec(drop));
      };
      return adapter;
    },
  };
}
