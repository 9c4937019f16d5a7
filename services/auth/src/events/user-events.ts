import type { Prisma, User } from '../generated/prisma/client';

export type Tx = Prisma.TransactionClient;

/**
 * The three events auth publishes, recorded in the outbox inside the caller's transaction so they
 * go out after commit (and only if it commits).
 */
export type UserEvents = {
  registered(tx: Tx, user: User): Promise<void>;
  verified(tx: Tx, user: User): Promise<void>;
  /** Profile, level or status changed, or sessions were revoked (sessionsValidAfter moved). */
  updated(tx: Tx, user: User, changed: string[]): Promise<void>;
};
