/** The faults of the run, each injected while 20 replies stream, and undone as a supervisor would. */
import type { Launched, ProcessName } from '../../scripts/lib/launch';
import type { NatsServer } from '../support/nats-server';
import type { PrivatePostgres } from '../support/private-postgres';
import { holdFault } from '../support/timing';
import type { ChatUser } from './chat-client';
import { longDatabaseOutageFault } from './database-outage.fault';
import { diskFullFault } from './disk-full.fault';
import { editedBranchCrashFault } from './edited-branch-crash.fault';
import { pausedReplicaFault } from './paused-replica.fault';
import { natsDownRevocation } from './nats-down-revocation';

export type World = {
  product: Launched;
  pg: PrivatePostgres;
  nats: NatsServer;
  users: ChatUser[];
  base: string;
  /** Every process's output so far, one chunk a line, prefixed with `[name]`. */
  logs: string[];
};
/** `inject` may answer problems of its own, which the row adds to the common invariants'. */
export type Fault = {
  key: string;
  name: string;
  inject(world: World): Promise<void | string[]>;
  /** Left out of the default run (FAULTS=<key> still runs it) while a known intermittent defect is open. */
  quarantined?: string;
};

const OUTAGE_MS = 10_000;

export const faults: Fault[] = [
  {
    key: 'a',
    name: 'SIGKILL a chat replica',
    inject: async ({ product }) => {
      await product.signal('chat', 'SIGKILL');
      await product.restart('chat');
    },
  },
  {
    key: 'b',
    name: 'SIGKILL NATS for 10 s',
    inject: async ({ nats }) => {
      await nats.kill();
      await holdFault(OUTAGE_MS);
      await nats.restart();
    },
  },
  {
    key: 'c',
    name: 'PostgreSQL stopped for 10 s',
    inject: async ({ pg }) => {
      pg.stop();
      await holdFault(OUTAGE_MS);
      pg.start();
    },
  },
  {
    key: 'd',
    name: 'SIGKILL gateway',
    inject: async ({ product }) => {
      await product.signal('gateway', 'SIGKILL');
      await product.restart('gateway');
    },
  },
  {
    key: 'e',
    name: 'SIGTERM each process in turn',
    inject: async ({ product }) => {
      // A rolling restart: one process at a time, each started again before the next one stops.
      for (const name of Object.keys(product.replicaUrls) as ProcessName[]) {
        await product.signal(name, 'SIGTERM');
        await product.restart(name);
      }
    },
  },
  pausedReplicaFault,
  longDatabaseOutageFault,
  diskFullFault,
  natsDownRevocation,
  editedBranchCrashFault,
];
