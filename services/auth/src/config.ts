import { z } from 'zod';
import { commonServiceEnv, loadConfig, pemEnv, portEnv } from '@noek/service-kit';

const bool = (def: 'true' | 'false') =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(def)
    .transform((v) => v === 'true' || v === '1');

const hostList = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  );

export const authEnvSchema = z
  .object({
    ...commonServiceEnv,
    PORT: portEnv(4001),
    /** ES256 key pair (PEM). Either both keys, or KEYS_DIR where they are generated once. */
    AUTH_PRIVATE_KEY: pemEnv('PRIVATE KEY').optional(),
    AUTH_PUBLIC_KEY: pemEnv('PUBLIC KEY').optional(),
    KEYS_DIR: z.string().min(1).optional(),
    /** The product's public origin, used for links in emails. */
    APP_ORIGIN: z.url().default('http://localhost:8080'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Noek <no-reply@noek.localhost>'),
    SUPPORT_EMAIL: z.email().default('support@noek.app'),
    /**
     * Serve /api/auth/dev/mailbox: single-process mode only (never with separate processes or in
     * production), only to the loopback interface, and only without SMTP_URL.
     */
    DEV_MAILBOX: bool('false'),
    /** Secure cookies even for an http APP_ORIGIN (TLS ends at a proxy); https origins always get them. */
    COOKIE_SECURE: bool('false'),
    /**
     * Separate processes with an http APP_ORIGIN that is not loopback are refused (cookies would
     * travel in clear text): set this to run so anyway, knowingly (a private network, a test rig).
     */
    ALLOW_INSECURE_ORIGIN: bool('false'),
    ACCESS_TOKEN_TTL_SEC: z.coerce.number().int().min(30).max(3600).default(900),
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** Multiplies every rate limit (benchmarks raise it; never 0). */
    AUTH_RATE_LIMIT_SCALE: z.coerce.number().min(0.01).max(100_000).default(1),
    /** How often auth ends grants and timed bans whose time passed, with no request needed. */
    GRANT_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8).optional(),
    ADMIN_NAME: z.string().min(1).max(100).default('Administrator'),
    /** Hosts a handoff token may be made for (the chat and marketing hosts); localhost always allowed. */
    MARKETING_HOSTS: hostList,
    CHAT_HOSTS: hostList,
  })
  .superRefine((env, ctx) => {
    const hasKeys = env.AUTH_PRIVATE_KEY !== undefined || env.AUTH_PUBLIC_KEY !== undefined;
    if (hasKeys && (!env.AUTH_PRIVATE_KEY || !env.AUTH_PUBLIC_KEY)) {
      const missing = env.AUTH_PRIVATE_KEY ? 'AUTH_PUBLIC_KEY' : 'AUTH_PRIVATE_KEY';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'is required when the other key is set' });
    }
    if (!hasKeys && !env.KEYS_DIR) {
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_PRIVATE_KEY'],
        message: 'set AUTH_PRIVATE_KEY and AUTH_PUBLIC_KEY (PEM, ES256), or KEYS_DIR to generate them once',
      });
    }
    if (env.DEV_MAILBOX && env.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['DEV_MAILBOX'], message: 'cannot be true when SMTP_URL is set' });
    }
    if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
      const missing = env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'is required when the other admin variable is set',
      });
    }
  });

export type AuthConfig = z.output<typeof authEnvSchema>;

/** The single-process mode (npm start, embedded database) or separate processes (real PostgreSQL). */
export type AuthRunMode = 'single-process' | 'separate-processes';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function isLoopbackOrigin(origin: string): boolean {
  const host = new URL(origin).hostname.toLowerCase();
  return LOOPBACK_HOSTS.has(host) || host.endsWith('.localhost') || host.startsWith('127.');
}

/**
 * What the run mode forbids, each with the reason and the way out. Empty: fine.
 * The dev mailbox shows every user's reset links, so it exists only in the single-process mode;
 * an http origin sends session cookies in clear text, so separate processes need https (loopback
 * origins excepted: a developer's machine, the e2e journeys).
 */
export function runModeProblems(config: AuthConfig, mode: AuthRunMode): string[] {
  const problems: string[] = [];
  if (config.DEV_MAILBOX && (mode === 'separate-processes' || config.NODE_ENV === 'production')) {
    problems.push(
      "DEV_MAILBOX=true is refused here: the dev mailbox shows every user's reset links and exists only " +
        'in the single-process mode (npm start), never with separate processes or NODE_ENV=production. ' +
        'Set SMTP_URL instead.',
    );
  }
  const http = new URL(config.APP_ORIGIN).protocol === 'http:';
  if (
    mode === 'separate-processes' &&
    http &&
    !isLoopbackOrigin(config.APP_ORIGIN) &&
    !config.ALLOW_INSECURE_ORIGIN
  ) {
    problems.push(
      `APP_ORIGIN=${config.APP_ORIGIN} is http: session cookies would travel unencrypted. Serve the ` +
        'product over https (APP_ORIGIN=https://...), or set ALLOW_INSECURE_ORIGIN=true to run so knowingly.',
    );
  }
  return problems;
}

/** Secure cookies: https origin (derived), or forced by COOKIE_SECURE. */
export function cookieSecureFor(config: AuthConfig): boolean {
  return config.COOKIE_SECURE || new URL(config.APP_ORIGIN).protocol === 'https:';
}

export function loadAuthConfig(env: Record<string, string | undefined> = process.env): AuthConfig {
  return loadConfig(authEnvSchema, env);
}

/** `npm run admin:create -w @noek/auth`: where the database is and who becomes admin. */
export const adminCliEnvSchema = z.object({
  /** Real PostgreSQL; when unset, the embedded database of `npm start` under DATA_DIR (product stopped). */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATA_DIR: z.string().default('.data'),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  ADMIN_NAME: z.string().min(1).max(100).default('Administrator'),
});
export type AdminCliConfig = z.output<typeof adminCliEnvSchema>;

export function loadAdminCliConfig(env: Record<string, string | undefined> = process.env): AdminCliConfig {
  return loadConfig(adminCliEnvSchema, env);
}
