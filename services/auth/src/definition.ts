import { defineService } from '@noek/service-kit';
import { loadAuthConfig, runModeProblems } from './config';
import { AUTH_SCHEMA, openAuthDatabase } from './database';
import { resolveSigningKeys } from './crypto/keys';
import { createAuthService } from './service';

/**
 * The auth service for both run modes: its main.ts runs it alone (real PostgreSQL and NATS), and
 * `npm start` runs it in one process with the others (embedded PostgreSQL, in-process bus). It issues the
 * tokens, so it has no session guard.
 */
export const authService = defineService({
  name: 'auth',
  defaultPort: 4001,
  schema: AUTH_SCHEMA,
  loadConfig: loadAuthConfig,
  openDatabase: openAuthDatabase,
  create: ({ config, target, ...wiring }) => {
    // The embedded database is the single-process mode (npm start); real PostgreSQL means apart.
    const mode = target.kind === 'pglite' ? 'single-process' : 'separate-processes';
    const problems = runModeProblems(config, mode);
    if (problems.length > 0) throw new Error(`auth refuses to start:\n  - ${problems.join('\n  - ')}`);
    const service = createAuthService({
      ...wiring,
      config,
      keys: resolveSigningKeys(config),
      serveDevMailbox: config.DEV_MAILBOX && mode === 'single-process',
    });
    if (service.ctx.devMailboxPath) {
      wiring.logger.info(
        { url: `${config.APP_ORIGIN}${service.ctx.devMailboxPath}` },
        'dev mailbox (no SMTP_URL): readable from this machine only (loopback)',
      );
    }
    return service;
  },
});
