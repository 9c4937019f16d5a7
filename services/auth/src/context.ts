import type { Logger } from 'pino';
import type { PrismaClient } from './generated/prisma/client';
import type { TokenSigner } from './crypto/jwt';
import type { Mailer } from './mail/mailer';
import type { RateLimiter } from './rate-limit/rate-limiter';
import type { UserEvents } from './events/user-events';

/** Values derived from config that handlers need; no env reading below this line. */
export type AuthSettings = {
  appOrigin: string;
  supportEmail: string;
  cookieSecure: boolean;
  accessTtlSec: number;
  refreshTtlMs: number;
  verifyTtlMs: number;
  resetTtlMs: number;
  handoffTtlSec: number;
  /** A refresh token presented again within this time of its rotation (two tabs racing) is not reuse. */
  refreshReuseGraceMs: number;
  /** Hostnames a handoff token may target (lower-case, no port). */
  handoffHosts: string[];
};

export type AuthLimiters = {
  login: RateLimiter;
  loginPerIp: RateLimiter;
  signup: RateLimiter;
  forgot: RateLimiter;
  resend: RateLimiter;
  emailPerIp: RateLimiter;
  changePassword: RateLimiter;
  resetPerIp: RateLimiter;
};

/** Everything a handler uses, passed in by createAuthService: no module-level state. */
export type AuthContext = {
  db: PrismaClient;
  signer: TokenSigner;
  mailer: Mailer;
  limiters: AuthLimiters;
  settings: AuthSettings;
  events: UserEvents;
  log: Logger;
  now: () => Date;
};
