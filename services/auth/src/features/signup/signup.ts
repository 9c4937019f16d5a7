import { ConflictError, isUniqueViolation } from '@noek/service-kit';
import { errorCodes, type SignupRequest, type SignupResponse } from '@noek/contracts';
import type { AuthContext } from '../../context';
import { hashPassword } from '../../crypto/password';
import { enforceLimits } from '../../rate-limit/enforce';
import { authEvents } from '../../events/auth-event-envelopes';
import { sendVerificationEmail } from '../verification/send-verification';

export const EMAIL_TAKEN = 'An account with this email already exists';

export type SignupInput = SignupRequest & { clientAddress: string };

/**
 * POST /api/auth/signup: creates an unverified basic user (never an admin: admins come only from
 * configuration or an admin), records auth.user.registered.v1, and emails the activation link.
 */
export async function signup(ctx: AuthContext, input: SignupInput): Promise<SignupResponse> {
  await enforceLimits([[ctx.limiters.signup, input.clientAddress]]);
  if (await ctx.repos.users.findByEmail(input.email)) {
    throw new ConflictError(EMAIL_TAKEN, errorCodes.emailTaken);
  }
  const passwordHash = await hashPassword(input.password);
  const now = ctx.now();
  let created;
  try {
    created = await ctx.transaction(async ({ users, emailTokens, publish }) => {
      const user = await users.create({ name: input.name, email: input.email, passwordHash });
      const token = await emailTokens.issue({
        userId: user.id,
        purpose: 'verify_email',
        ttlMs: ctx.settings.verifyTtlMs,
        now,
      });
      await publish(authEvents.registered(user));
      return { user, token };
    });
  } catch (err) {
    // Two sign-ups with one email at the same moment: the unique index decides.
    if (isUniqueViolation(err)) throw new ConflictError(EMAIL_TAKEN, errorCodes.emailTaken);
    throw err;
  }
  await sendVerificationEmail(ctx, created.user, created.token);
  return {
    message: 'Account created. Please check your email to verify your account.',
    email: created.user.email,
  };
}
