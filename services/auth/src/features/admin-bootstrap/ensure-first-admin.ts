import type { UnitOfWork, UnitScope } from '@noek/service-kit';
import type { AuthRepositories } from '../../database';
import { hashPassword } from '../../crypto/password';
import { authEvents } from '../../events/auth-event-envelopes';

// Any fixed number: serialises concurrent starts of several auth replicas on an empty database.
const FIRST_ADMIN_LOCK = 70_424_201;

export type AdminInput = { email: string; password: string; name: string };

/**
 * At start: when no admin exists and ADMIN_EMAIL/ADMIN_PASSWORD are set, make that account an admin
 * (verified). If someone already signed up with that address, it is taken over with the configured
 * password, so a squatter cannot become admin. Answers what it did.
 */
export async function ensureFirstAdmin(
  transaction: UnitOfWork<AuthRepositories>,
  input: AdminInput,
  now: Date = new Date(),
): Promise<'exists' | 'created' | 'promoted'> {
  const passwordHash = await hashPassword(input.password);
  return transaction(async (tx) => {
    await tx.users.lock(FIRST_ADMIN_LOCK);
    if ((await tx.users.countAdmins()) > 0) return 'exists';
    return upsertAdmin(tx, input, passwordHash, now);
  });
}

/** The `admin:create` command: makes (or promotes) the given account an admin, admins or not. */
export async function createAdmin(
  transaction: UnitOfWork<AuthRepositories>,
  input: AdminInput,
  now = new Date(),
) {
  const passwordHash = await hashPassword(input.password);
  return transaction((tx) => upsertAdmin(tx, input, passwordHash, now));
}

async function upsertAdmin(
  tx: UnitScope<AuthRepositories>,
  input: AdminInput,
  passwordHash: string,
  now: Date,
): Promise<'created' | 'promoted'> {
  const existing = await tx.users.findByEmail(input.email);
  if (!existing) {
    const user = await tx.users.create({
      name: input.name,
      email: input.email,
      passwordHash,
      accessLevel: 'admin',
      verifiedAt: now,
    });
    await tx.publish(authEvents.registered(user));
    await tx.publish(authEvents.verified(user));
    return 'created';
  }
  const user = await tx.users.update(
    existing.id,
    { accessLevel: 'admin', passwordHash, emailVerifiedAt: existing.emailVerifiedAt ?? now, isBanned: false },
    { revoke: true, now },
  );
  await tx.publish(authEvents.updated(user));
  return 'promoted';
}
