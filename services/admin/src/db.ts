import type { AdminDb } from './database';

/** A transaction client of the admin database (what repositories run on inside a unit of work). */
export type AdminTx = Parameters<Parameters<AdminDb['$transaction']>[0]>[0];
export type AdminDbOrTx = AdminDb | AdminTx;
