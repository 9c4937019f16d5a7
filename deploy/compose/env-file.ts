// The settings of a throw-away compose stack, passed as environment variables. No secret is among them:
// the stack starts as a fresh clone does, with no .env, and secrets-init generates the passwords and the
// ES256 key pair on its first start.
import { randomBytes } from 'node:crypto';

export function composeSettings(o: {
  port: number;
  baseUrl: string;
  smtpUrl: string;
}): Record<string, string> {
  return {
    APP_ORIGIN: o.baseUrl,
    CHAT_HOSTS: 'localhost,127.0.0.1',
    NOEK_BIND: '127.0.0.1',
    NOEK_PORT: String(o.port),
    NOEK_TAG: 'compose-test',
    LOG_LEVEL: 'info',
    SMTP_URL: o.smtpUrl,
    ADMIN_EMAIL: 'admin@noek.localhost',
    ADMIN_PASSWORD: randomBytes(18).toString('hex'),
  };
}
