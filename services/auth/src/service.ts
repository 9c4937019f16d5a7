import {
  assembleService,
  createServiceApp,
  createUnitOfWork,
  standardReadiness,
  registerOutboxMetrics,
  type ServiceWiring,
} from '@noek/service-kit';
import type { PrismaClient } from './generated/prisma/client';
import { cookieSecureFor, type AuthConfig } from './config';
import type { AuthContext, AuthSettings } from './context';
import { createTokenSigner } from './crypto/jwt';
import type { SigningKeys } from './crypto/keys';
import { createDevMailbox, createSmtpMailer, type DevMailbox, type Mailer } from './mail/mailer';
import { createAuthLimiters, LONGEST_WINDOW_MS } from './rate-limit/auth-limiters';
import { createLoginThrottle, loginThrottleRules } from './rate-limit/login-throttle';
import { createRateWindowsRepository } from './rate-limit/rate-windows.repository';
import { createBackground } from './mail/background';
import { createAuthRepositories } from './database';
import { ensureFirstAdmin } from './features/admin-bootstrap/ensure-first-admin';
import { registerSessionRoutes } from './features/sessions/sessions.routes';
import { registerSignupRoutes } from './features/signup/signup.routes';
import { registerVerificationRoutes } from './features/verification/verification.routes';
import { registerPasswordRoutes } from './features/passwords/passwords.routes';
import { registerHandoffRoutes } from './features/handoff/handoff.routes';
import { registerSettingsRoutes } from './features/settings/settings.routes';
import { DEV_MAILBOX_PATH, registerDevMailboxRoutes } from './features/dev-mailbox/dev-mailbox.routes';
import { startGrantExpirySweep } from './features/users/grant-supernoek';
import { adminUserRoutes } from './features/users/admin-users.routes';
import { subscribeSubscriptionChanges } from './features/billing-level/subscription-changed.consumer';

export type AuthServiceDeps = ServiceWiring & {
  config: AuthConfig;
  db: PrismaClient;
  keys: SigningKeys;
  /** Replaces the mailer chosen from config (SMTP_URL, else the dev mailbox). */
  mailer?: Mailer;
  /**
   * Serve the dev mailbox (definition.ts: DEV_MAILBOX in the single-process mode only). Needs no
   * SMTP_URL and no `mailer`.
   */
  serveDevMailbox?: boolean;
  /** Durable consumer name for billing's subscription changes (unique per test run). */
  subscriptionsDurable?: string;
  now?: () => Date;
};

/** What auth's context adds for its wiring and tests. */
export type AuthParts = AuthContext & {
  /** Set when no SMTP is configured: the in-memory mailbox (served only when serveDevMailbox). */
  devMailbox: DevMailbox | null;
  devMailboxPath: string | null;
};

export function authSettings(config: AuthConfig): AuthSettings {
  return {
    appOrigin: config.APP_ORIGIN,
    supportEmail: config.SUPPORT_EMAIL,
    cookieSecure: cookieSecureFor(config),
    accessTtlSec: config.ACCESS_TOKEN_TTL_SEC,
    refreshTtlMs: config.REFRESH_TOKEN_TTL_DAYS * 86_400_000,
    verifyTtlMs: 24 * 3_600_000,
    resetTtlMs: 3_600_000,
    handoffTtlSec: 30,
    refreshReuseGraceMs: 5_000,
    handoffHosts: [...config.MARKETING_HOSTS, ...config.CHAT_HOSTS].map((h) => h.replace(/:\d+$/, '')),
  };
}

function chooseMailer(deps: Pick<AuthServiceDeps, 'config' | 'logger' | 'mailer'>): {
  mailer: Mailer;
  devMailbox: DevMailbox | null;
} {
  const { config, logger } = deps;
  if (deps.mailer) return { mailer: deps.mailer, devMailbox: null };
  if (config.SMTP_URL) {
    return {
      mailer: createSmtpMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }),
      devMailbox: null,
    };
  }
  const devMailbox = createDevMailbox({ log: logger, logLinks: config.NODE_ENV !== 'production' });
  return { mailer: devMailbox.mailer, devMailbox };
}

/** THE place that wires auth: repositories, the context, every feature's routes, its consumer. */
export function createAuthService(deps: AuthServiceDeps) {
  return assembleService('auth', deps, ({ afterPublish }) => {
    const { config, db, bus, logger } = deps;
    const settings = authSettings(config);
    const { mailer, devMailbox } = chooseMailer(deps);
    const served = deps.serveDevMailbox && devMailbox ? devMailbox : null;
    const background = createBackground(logger);
    const rateWindows = createRateWindowsRepository(db);
    const ctx: AuthParts = {
      repos: createAuthRepositories(db),
      transaction: createUnitOfWork(db, createAuthRepositories, { afterPublish }),
      signer: createTokenSigner(deps.keys, {
        accessTtlSec: settings.accessTtlSec,
        handoffTtlSec: settings.handoffTtlSec,
      }),
      mailer,
      limiters: createAuthLimiters(rateWindows, config.AUTH_RATE_LIMIT_SCALE),
      loginThrottle: createLoginThrottle(rateWindows),
      background,
      settings,
      logger,
      now: deps.now ?? (() => new Date()),
      devMailbox,
      devMailboxPath: served ? DEV_MAILBOX_PATH : null,
    };
    const app = createServiceApp({
      name: 'auth',
      logger,
      routes: (a) => {
        registerSignupRoutes(a, ctx);
        registerSessionRoutes(a, ctx);
        registerVerificationRoutes(a, ctx);
        registerPasswordRoutes(a, ctx);
        registerHandoffRoutes(a, ctx);
        registerSettingsRoutes(a, ctx, served !== null);
        adminUserRoutes(ctx)(a);
        if (served) registerDevMailboxRoutes(a, served);
      },
      // NATS down only degrades auth: sign-in and sign-up go on, their events wait in the outbox.
      readiness: standardReadiness(db, bus),
    });
    // Outbox lag for the operator's dashboards (deploy/monitoring).
    registerOutboxMetrics(app.locals.metricsRegistry as Parameters<typeof registerOutboxMetrics>[0], db);

    let stopGrantSweep: (() => void) | undefined;
    let pruneTimer: NodeJS.Timeout | undefined;
    return {
      app,
      ctx,
      consumers: [
        {
          // Billing's subscription changes move the user's access level (events in).
          name: 'billing subscription changes',
          subscribe: () => subscribeSubscriptionChanges(bus, db, deps.subscriptionsDurable),
        },
      ],
      async start() {
        if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
          const outcome = await ensureFirstAdmin(ctx.transaction, {
            email: config.ADMIN_EMAIL,
            password: config.ADMIN_PASSWORD,
            name: config.ADMIN_NAME,
          });
          logger.info({ email: config.ADMIN_EMAIL, outcome }, 'first admin check');
        }
        // Grants and timed bans end at their time even when no request arrives (README: who owns what).
        stopGrantSweep = startGrantExpirySweep(ctx, config.GRANT_SWEEP_INTERVAL_MS);
        // Limiter rows past every window and run: forgotten hourly (any replica; the delete is idempotent).
        pruneTimer = setInterval(() => {
          const before = new Date(
            ctx.now().getTime() - Math.max(LONGEST_WINDOW_MS, loginThrottleRules.forgetAfterMs),
          );
          rateWindows
            .prune(before)
            .catch((err: unknown) => logger.warn({ err }, 'pruning limiter rows failed'));
        }, 3_600_000);
        pruneTimer.unref();
      },
      async stop() {
        clearInterval(pruneTimer);
        stopGrantSweep?.();
        await background.drain();
        mailer.close();
      },
    };
  });
}
export type AuthService = ReturnType<typeof createAuthService>;
