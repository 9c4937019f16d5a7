import type { Express } from 'express';
import type { Logger } from 'pino';
import { createServiceApp } from '@noek/service-kit';
import type { PrismaClient } from './generated/prisma/client';
import type { AuthConfig } from './config';
import type { AuthContext, AuthSettings } from './context';
import { createTokenSigner } from './crypto/jwt';
import type { SigningKeys } from './crypto/keys';
import { createDevMailbox, createSmtpMailer, type DevMailbox, type Mailer } from './mail/mailer';
import { createAuthLimiters } from './rate-limit/auth-limiters';
import { createOutboxUserEvents } from './events/outbox-user-events';
import type { UserEvents } from './events/user-events';
import { authRoutes, DEV_MAILBOX_PATH } from './features/routes';
import { ensureFirstAdmin } from './features/admin-bootstrap/ensure-first-admin';

export type AuthServiceDeps = {
  config: AuthConfig;
  db: PrismaClient;
  keys: SigningKeys;
  logger: Logger;
  /** Replaces the mailer chosen from config (SMTP_URL, else the dev mailbox). */
  mailer?: Mailer;
  events?: UserEvents;
  /** For /readyz: the event bus is connected (the outbox relay can publish). */
  busHealthy?: () => boolean;
  now?: () => Date;
};

export type AuthService = {
  app: Express;
  ctx: AuthContext;
  /** Set when no SMTP is configured: the in-memory mailbox (served only when DEV_MAILBOX=true). */
  devMailbox: DevMailbox | null;
  devMailboxPath: string | null;
  start(): Promise<void>;
  stop(): Promise<void>;
};

export function authSettings(config: AuthConfig): AuthSettings {
  return {
    appOrigin: config.APP_ORIGIN,
    supportEmail: config.SUPPORT_EMAIL,
    cookieSecure: config.COOKIE_SECURE,
    accessTtlSec: config.ACCESS_TOKEN_TTL_SEC,
    refreshTtlMs: config.REFRESH_TOKEN_TTL_DAYS * 86_400_000,
    verifyTtlMs: 24 * 3_600_000,
    resetTtlMs: 3_600_000,
    handoffTtlSec: 30,
    refreshReuseGraceMs: 20_000,
    handoffHosts: [...config.MARKETING_HOSTS, ...config.CHAT_HOSTS].map((h) => h.replace(/:\d+$/, '')),
  };
}

/** Builds the auth service around its dependencies: no process globals, no listening (main does). */
export function createAuthService(deps: AuthServiceDeps): AuthService {
  const { config, db, logger } = deps;
  const settings = authSettings(config);
  const devMailbox =
    !deps.mailer && !config.SMTP_URL
      ? createDevMailbox({ log: logger, logLinks: config.NODE_ENV !== 'production' })
      : null;
  const mailer =
    deps.mailer ??
    (config.SMTP_URL
      ? createSmtpMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM })
      : devMailbox!.mailer);
  const ctx: AuthContext = {
    db,
    signer: createTokenSigner(deps.keys, {
      accessTtlSec: settings.accessTtlSec,
      handoffTtlSec: settings.handoffTtlSec,
    }),
    mailer,
    limiters: createAuthLimiters(config.AUTH_RATE_LIMIT_SCALE),
    settings,
    events: deps.events ?? createOutboxUserEvents(),
    log: logger,
    now: deps.now ?? (() => new Date()),
  };
  const served = config.DEV_MAILBOX ? devMailbox : null;
  const app = createServiceApp({
    name: 'auth',
    logger,
    routes: authRoutes(ctx, served),
    readiness: {
      database: async () => {
        await db.$queryRaw`SELECT 1`;
      },
      ...(deps.busHealthy
        ? {
            events: async () => {
              if (!deps.busHealthy!()) throw new Error('event bus not connected');
            },
          }
        : {}),
    },
  });

  return {
    app,
    ctx,
    devMailbox,
    devMailboxPath: served ? DEV_MAILBOX_PATH : null,
    async start() {
      if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
        const outcome = await ensureFirstAdmin(db, ctx.events, {
          email: config.ADMIN_EMAIL,
          password: config.ADMIN_PASSWORD,
          name: config.ADMIN_NAME,
        });
        logger.info({ email: config.ADMIN_EMAIL, outcome }, 'first admin check');
      }
    },
    async stop() {
      mailer.close();
    },
  };
}
