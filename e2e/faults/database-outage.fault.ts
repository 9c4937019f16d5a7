/**
 * PostgreSQL stopped for 60 s while replies stream: as long as a reply may wait in memory for its
 * database (REPLY_OUTAGE_BUDGET_MS, 60 s). Every reply stream cut by the outage still ends with its final
 * event (the client re-attaches until it gets one), and nothing the users were shown is lost.
 */
import { holdFault } from '../support/timing';
import type { Fault } from './faults';

const OUTAGE_MS = 60_000;

export const longDatabaseOutageFault: Fault = {
  key: 'pg60',
  name: 'PostgreSQL stopped for 60 s',
  inject: async ({ pg }) => {
    pg.stop();
    await holdFault(OUTAGE_MS);
    pg.start();
  },
};
