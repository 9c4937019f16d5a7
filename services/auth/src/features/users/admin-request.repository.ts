import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { errorCodes } from '@noek/contracts';
import { DomainError } from '@noek/service-kit';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';

type Db = PrismaClient | Prisma.TransactionClient;

/** Stripe keeps idempotency keys a day; the admin service retries within seconds. */
const KEEP_MS = 24 * 3_600_000;

/** One admin action as the admin service sent it: its idempotency key and what the request was. */
export type Once = { key: string; fingerprint: string };

/** An action already done under the key: the secret part of its outcome, if it had one. */
export type Done = { secret: string | null };

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');
const sealingKey = (key: string) => Buffer.from(hkdfSync('sha256', key, 'noek', 'admin-request-outcome', 32));

/** AES-256-GCM under a key derived from the idempotency key: the database alone cannot read it. */
function seal(key: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(key), iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

function unseal(key: string, sealed: string): string {
  const [iv, tag, data] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(key), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(data!), decipher.final()]).toString('utf8');
}

function reused(): DomainError {
  return new DomainError(
    errorCodes.idempotencyKeyReused,
    422,
    'This idempotency key was already used for another request.',
  );
}

function doneOf(once: Once, row: { fingerprint: string; sealed: string | null }): Done {
  if (row.fingerprint !== once.fingerprint) throw reused();
  return { secret: row.sealed === null ? null : unseal(once.key, row.sealed) };
}

/**
 * Admin actions done at most once per idempotency key (the admin service generates one per action and
 * retries a call whose answer was lost with the same key). The key is claimed inside the action's own
 * transaction, so it is recorded exactly when the action commits: a failed action leaves no trace (a retry
 * tries again), and a retry arriving while the first attempt still runs waits on the primary key until
 * that attempt commits, then answers its outcome.
 */
export const adminRequests = {
  /** The outcome of an action already done under the key (no lock: a shortcut before costly work). */
  async done(db: Db, once: Once): Promise<Done | null> {
    const row = await db.adminRequest.findUnique({ where: { keyHash: hashOf(once.key) } });
    return row ? doneOf(once, row) : null;
  },

  /** Claims the key in this transaction: null the first time, else the earlier outcome to answer again. */
  async claim(tx: Db, once: Once, now: Date): Promise<Done | null> {
    const keyHash = hashOf(once.key);
    const { count } = await tx.adminRequest.createMany({
      data: [{ keyHash, fingerprint: once.fingerprint, createdAt: now }],
      skipDuplicates: true,
    });
    if (count === 1) {
      await tx.adminRequest.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - KEEP_MS) } } });
      return null;
    }
    return doneOf(once, await tx.adminRequest.findUniqueOrThrow({ where: { keyHash } }));
  },

  /** Keeps the secret part of the outcome (a generated password), sealed, for a retry to answer. */
  async keepSecret(tx: Db, once: Once, secret: string): Promise<void> {
    await tx.adminRequest.update({
      where: { keyHash: hashOf(once.key) },
      data: { sealed: seal(once.key, secret) },
    });
  },
};

/** The idempotency keys bound to one client (a transaction in the unit of work claims them). */
export function createAdminRequestRepository(db: Db) {
  return {
    done: (once: Once) => adminRequests.done(db, once),
    claim: (once: Once, now: Date) => adminRequests.claim(db, once, now),
    keepSecret: (once: Once, secret: string) => adminRequests.keepSecret(db, once, secret),
  };
}
