import { join } from 'node:path';

type Env = Record<string, string | undefined>;

/**
 * Defaults for the single-process mode, under whatever the user configured: the dev mailbox stands in for
 * SMTP, keys are generated once under .data/keys, the app's origin is the local URL.
 */
export function embeddedDefaults(env: Env): Env {
  const port = env.PORT ?? '8080';
  const dataDir = env.DATA_DIR ?? '.data';
  return {
    DEV_MAILBOX: env.SMTP_URL ? 'false' : 'true',
    KEYS_DIR: join(dataDir, 'keys'),
    APP_ORIGIN: `http://localhost:${port}`,
    MARKETING_HOSTS: 'noek.localhost',
    LOG_LEVEL: 'warn',
    ...env,
    PORT: port,
    DATA_DIR: dataDir,
  };
}

const isLoopbackHost = (host: string) =>
  host === 'localhost' || host === '::1' || host === '[::1]' || /^127\./.test(host);

/**
 * Why `npm start` must not start, or null. The dev mailbox shows every user's mail
 * (reset links included); it answers only loopback sockets, but a bind beyond loopback with the
 * mailbox on is refused unless ALLOW_DEV_MAILBOX_ON_NETWORK=true says the operator knows.
 */
export function devMailboxBindProblem(env: Env): string | null {
  const host = env.HOST ?? '127.0.0.1';
  if (env.DEV_MAILBOX !== 'true' || isLoopbackHost(host)) return null;
  if (env.ALLOW_DEV_MAILBOX_ON_NETWORK === 'true') return null;
  return (
    `Refusing to start: HOST=${host} makes Noek reachable from other machines while the dev mailbox ` +
    "(no SMTP_URL) holds every user's emails, password reset links included. Set SMTP_URL to send real " +
    'mail, or bind to 127.0.0.1, or set ALLOW_DEV_MAILBOX_ON_NETWORK=true to start anyway (the mailbox ' +
    'still answers only this machine).'
  );
}

/** The start-up banner's lines about what is embedded and what is real. */
export function describeEmbedded(env: Env): string[] {
  const origin = env.APP_ORIGIN ?? '';
  return [
    env.SMTP_URL
      ? `  email        SMTP at ${new URL(env.SMTP_URL).host}`
      : `  email        dev mailbox (no SMTP_URL): ${origin}/api/auth/dev/mailbox — readable only from this machine (loopback)`,
    env.OPENAI_API_KEY
      ? `  assistant    ${env.OPENAI_MODEL ?? 'default model'} at ${env.OPENAI_BASE_URL ?? 'api.openai.com'}`
      : '  assistant    offline responder (set OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL for a real model)',
    env.STRIPE_SECRET_KEY
      ? '  payments     Stripe'
      : env.PAYMENT_SIMULATOR_URL
        ? `  payments     simulated, no real money (local payment simulator at ${env.PAYMENT_SIMULATOR_URL}; test card 4242 4242 4242 4242)`
        : '  payments     not configured',
    `  marketing    http://${(env.MARKETING_HOSTS ?? '').split(',')[0]}:${env.PORT} (the landing page host)`,
  ];
}
