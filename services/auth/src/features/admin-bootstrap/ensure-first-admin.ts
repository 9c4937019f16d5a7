import type { PrismaClient } from '../../generated/prisma/client';
import { hashPassword } from '../../crypto/password';
import { userRepository } from '../users/user.repository';
import type { UserEvents } from '../../events/user-events';

// Any fixed number: serialises concurrent starts of several auth replicas on an empty database.
const FIRST_ADMIN_LOCK = 70_424_201;

export type AdminInput = { email: string; password: string; name: string };

/**
 * At start: when no admin exists and ADMIN_EMAIL/ADMIN_PASSWORD are set, make that account an admin
 * (verified). If someone already signed up with that address, it is taken over with the configured
 * password, so a squatter cannot become admin. Answers what it did.
 */
export async function ensureFirstAdmin(
  db: PrismaClient,
  events: UserEvents,
  input: AdminInput,
  now: Date = new Date(),
): Promise<'exists' | 'created' | 'promoted'> {
  const passwordHash = await hashPassword(input.password);
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${FIRST_ADMIN_LOCK})`;
    if ((await userRepository.countAdmins(tx)) > 0) return 'exists';
    return upsertAdmin(tx, events, input, passwordHash, now);
  });
}

/** The `admin:create` command: makes (or promotes) the given account an admin, admins or not. */
export async function createAdmin(db: PrismaClient, events: UserEvents, input: AdminInput, now = new Date()) {
  const passwordHash = await hashPassword(input.password);
  return db.$transaction((tx) => upsertAdmin(tx, events, input, passwordHash, now));
}

async function upsertAdmin(
  tx: Parameters<Parameters<PrismaClient['$transaction']>[0]>[0],
  events: UserEvents,
  input: AdminInput,
  passwordHash: string,
  now: Date,
): Promise<'created' | 'promoted'> {
  const existing = await userRepository.findByEmail(tx, input.email);
  if (!existing) {
    const user = await userRepository.create(tx, {
      name: input.name,
      email: input.email,
      passwordHash,
      accessLevel: 'admin',
      verifiedAt: now,
    });
    await events.registered(tx, user);
    await events.verified(tx, user);
    return 'created';
  }
  const user = await userRepository.updateUser(
    tx,
    existing.id,
    { accessLevel: 'admin', passwordHash, emailVerifiedAt: existing.emailVerifiedAt ?? now, isBanned: false },
    { revoke: true, now },
  );
  await events.updated(tx, user, ['accessLevel', 'password', 'sessionsValidAfter']);
  return 'promoted';
}
