import type { AuthLimiters } from '../context';
import { createRateLimiter, type RateLimitRule } from './rate-limiter';

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
  /** Per recipient, whoever asks: verification, reset and alert mails (issue 14 §6). */
  mailPerRecipient: { limit: 6, windowMs: HOUR },
  changePassword: { limit: 10, windowMs: 15 * MIN },
  /** Per client address: guessing reset tokens is hopeless (256 bits), but each try may cost a hash. */
  resetPerIp: { limit: 20, windowMs: 15 * MIN },
} satisfies Record<keyof AuthLimiters, RateLimitRule>;

export function createAuthLimiters(scale = 1, now?: () => number): AuthLimiters {
  const make = (r: RateLimitRule) =>
    createRateLimiter({ limit: Math.max(1, Math.round(r.limit * scale)), windowMs: r.windowMs }, now);
  return {
    login: make(authRateRules.login),
    loginPerIp: make(authRateRules.loginPerIp),
    signup: make(authRateRules.signup),
    forgot: make(authRateRules.forgot),
    resend: make(authRateRules.resend),
    emailPerIp: make(authRateRules.emailPerIp),
    // Not scaled: benchmarks and tests sign up many accounts, never mail one address often.
    mailPerRecipient: createRateLimiter(authRateRules.mailPerRecipient, now),
    changePassword: make(authRateRules.changePassword),
    resetPerIp: make(authRateRules.resetPerIp),
  };
}
