export { authService } from './definition';
// What the start scripts and tests use to run auth inside another process.
export { createAuthService, authSettings, type AuthService, type AuthServiceDeps } from './service';
export { loadAuthConfig, authEnvSchema, runModeProblems, type AuthConfig, type AuthRunMode } from './config';
export { openAuthDatabase, authMigrationsDir, AUTH_SCHEMA } from './database';
export { resolveSigningKeys } from './crypto/keys';
export { loadOrCreateKeys, generateSigningKeys, type SigningKeys } from './crypto/keys';
export { passwordHashParams } from './crypto/password';
export { DEV_MAILBOX_PATH } from './features/dev-mailbox/dev-mailbox.routes';
export { ACCESS_COOKIE, REFRESH_COOKIE } from './features/sessions/cookies';
