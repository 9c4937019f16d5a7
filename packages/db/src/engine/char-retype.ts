// The schema engine reads pg_catalog columns of PostgreSQL's internal `"char"` type (OID 18:
// relkind, contype, ...). Neither adapter-pg 7.10 nor pglite-prisma-adapter 0.7 maps that OID, so
// queries fail with "Column type 'char' could not be deserialized". The engine wants those columns
// typed `Character` (typing them as text makes it panic on CHECK constraints).
//
// Both adapters funnel every query through a `performIO` method returning `{ fields, rows }` and
// then map `field.dataTypeID`. We retype OID 18 to bpchar there so the mapping succeeds, remember
// which columns we touched (keyed by the rows array, which queryRaw passes through unchanged, so
// concurrent queries cannot mix up), and set those columns to Character afterwards.
import { ColumnTypeEnum } from '@prisma/driver-adapter-utils';
import type { SqlDriverAdapter, SqlQuery, SqlResultSet, Transaction } from '@prisma/driver-adapter-utils';

const CHAR_OID = 18;
const BPCHAR_OID = 1042;

interface Field {
  dataTypeID: number;
}
interface IoResult {
  fields: Field[];
  rows: unknown[];
}
interface Patchable {
  performIO(query: SqlQuery): Promise<IoResult>;
  queryRaw(query: SqlQuery): Promise<SqlResultSet>;
}

const charColumns = new WeakMap<object, number[]>();

function patchQueryable(target: object): void {
  const q = target as Patchable;
  if (typeof q.performIO !== 'function') throw new Error('char retype: adapter has no performIO to wrap');
  const performIO = q.performIO.bind(q);
  const queryRaw = q.queryRaw.bind(q);
  q.performIO = async (query) => {
    const result = await performIO(query);
    const touched: number[] = [];
    result.fields?.forEach((field, i) => {
      if (field.dataTypeID === CHAR_OID) {
        touched.push(i);
        field.dataTypeID = BPCHAR_OID;
      }
    });
    if (touched.length > 0 && result.rows) charColumns.set(result.rows, touched);
    return result;
  };
  q.queryRaw = async (query) => {
    const result = await queryRaw(query);
    for (const i of charColumns.get(result.rows) ?? []) result.columnTypes[i] = ColumnTypeEnum.Character;
    return result;
  };
}

/** Patch an adapter (and every transaction it starts) in place; returns the same adapter. */
export function retypeCharColumns<A extends SqlDriverAdapter>(adapter: A): A {
  patchQueryable(adapter);
  const startTransaction = adapter.startTransaction.bind(adapter);
  adapter.startTransaction = async (...args: Parameters<SqlDriverAdapter['startTransaction']>) => {
    const tx: Transaction = await startTransaction(...args);
    patchQueryable(tx);
    return tx;
  };
  return adapter;
}
