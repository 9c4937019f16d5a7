import type { User } from '../entities/user.schema';

/** A valid signed-in user record for tests, with whatever fields a test cares about overridden. */
export function sampleUser(over: Partial<User> = {}): User {
  return {
    id: '6f1c2a9e-3b4d-4c5e-8f70-1a2b3c4d5e6f',
    name: 'Ada',
    email: 'ada@example.com',
    accessLevel: 'basic',
    messageCount: 0,
    isBlocked: false,
    isBanned: false,
    specialFeatures: [],
    emailVerified: true,
    mustChangePassword: false,
    ...over,
  };
}
