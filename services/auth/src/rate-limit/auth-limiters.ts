import type { AuthLimiters } from '../context';
import { createRateLimiter, type RateLimitRule } from './rate-limiter';
import type { RateWindowsRepository } from './rate-windows.repository';

const MIN = 60_000;
const HOUR = 60 * MIN;

/** Default rules; `scale` multiplies every limit (benchmarks raise it). */
export const authRateRules = {
  /** Per client address and email: guessing one account's password. */
  login: { limit: 10, windowMs: 15 * MIN },
  /** Per client address: many accounts from one place (loose: offices share an address). */
  loginPerIp: { limit: 100, windowMs: 15 * MIN },
  signup: { limit: 10, windowMs: HOUR },
  forgot: { limit: 5, windowMs: HOUR },
  resend: { limit: 5, windowMs: HOUR },
  emailPerIp: { limit: 30, windowMs: HOUR },
  /** Per recipient, whoever asks: verification, reset and alert mails. */
  mailPerRecipient: { limit: 6, windowMs: HOUR },
  changePassword: { limit: 10, windowMs: 15 * MIN },
  /** Per client address: guessing reset tokens is hopeless (256 bits), but each try may cost a hash. */
  resetPerIp: { limit: 20, windowMs: 15 * MIN },
} satisfies Record<keyof AuthLimiters, RateLimitRule>;

export function createAuthLimiters(
  windows: RateWindowsRepository,
  scale = 1,
  now?: () => Date,
): AuthLimiters {
  const make = (name: keyof AuthLimiters, r: RateLimitRule) =>
    createRateLimiter(
      name,
      { limit: Math.max(1, Math.round(r.limit * scale)), windowMs: r.windowMs },
      windows,
      now,
    );
  return {
    login: make('login', authRateRules.login),
    loginPerIp: make('loginPerIp', authRateRules.loginPerIp),
    signup: make('signup', authRateRules.signup),
    forgot: make('forgot', authRateRules.forgot),
    resend: make('resend', authRateRules.resend),
    emailPerIp: make('emailPerIp', authRateRules.emailPerIp),
    // Not scaled: benchmarks and tests sign up many accounts, never mail one address often.
    mailPerRecipient: createRateLimiter('mailPerRecipient', authRateRules.mailPerRecipient, windows, now),
    changePassword: make('changePassword', authRateRules.changePassword),
    resetPerIp: make('resetPerIp', authRateRules.resetPerIp),
  };
}

/** The longest window of any limit: older rows can be pruned. */
export const LONGEST_WINDOW_MS = Math.max(...Object.values(authRateRules).map((r) => r.windowMs));
