import type { Logger } from 'pino';
import type { UnitOfWork } from '@noek/service-kit';
import type { TokenSigner } from './crypto/jwt';
import type { Mailer } from './mail/mailer';
import type { RateLimiter } from './rate-limit/rate-limiter';
import type { LoginThrottle } from './rate-limit/login-throttle';
import type { AuthRepositories } from './database';

/** Values derived from config that use cases need; no env reading below this line. */
export type AuthSettings = {
  appOrigin: string;
  supportEmail: string;
  /** Secure cookies: APP_ORIGIN is https, or COOKIE_SECURE (a TLS proxy in front of an http origin). */
  cookieSecure: boolean;
  accessTtlSec: number;
  refreshTtlMs: number;
  verifyTtlMs: number;
  resetTtlMs: number;
  handoffTtlSec: number;
  /**
   * A refresh token presented again within this time of its rotation, by the same browser (two tabs
   * racing), is not reuse. A few seconds: what concurrent requests of one browser need, no more.
   */
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
  /** Mails to one address, whoever asks (forgot, resend, alerts): nobody can flood an inbox. */
  mailPerRecipient: RateLimiter;
  changePassword: RateLimiter;
  resetPerIp: RateLimiter;
};

/** Work done after the answer is sent (forgot/resend: the answer must not reveal what was done). */
export type Background = {
  run(name: string, work: () => Promise<unknown>): void;
  /** Waits for the work already started (shutdown, tests). */
  drain(): Promise<void>;
};

/** Everything a use case uses, built once by createAuthService: no module-level state. */
export type AuthContext = {
  /** Repositories on the pool (reads, and single-statement writes). */
  repos: AuthRepositories;
  /** The one way to write several rows and publish: repositories on one transaction + outbox. */
  transaction: UnitOfWork<AuthRepositories>;
  signer: TokenSigner;
  mailer: Mailer;
  limiters: AuthLimiters;
  loginThrottle: LoginThrottle;
  background: Background;
  settings: AuthSettings;
  logger: Logger;
  now: () => Date;
};
