// The .env of a throw-away compose stack: fresh passwords and an ES256 key pair for every run.
import { generateKeyPairSync, randomBytes } from 'node:crypto';

const secret = () => randomBytes(18).toString('hex');
/**
 * PEM on one line in double quotes with \n escapes (deploy/compose.env.example): compose (1.29 and v2) turns
 * them into real newlines, which every service reads, whether or not its config also accepts literal \n.
 */
const quotedPem = (pem: string) => JSON.stringify(pem.trim() + '\n');

export function composeEnvFile(o: { port: number; baseUrl: string; smtpUrl: string }): string {
  const { privateKey, publicKey } = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const vars: Record<string, string> = {
    POSTGRES_PASSWORD: secret(),
    AUTH_DB_PASSWORD: secret(),
    CHAT_DB_PASSWORD: secret(),
    BILLING_DB_PASSWORD: secret(),
    ADMIN_DB_PASSWORD: secret(),
    AUTH_PRIVATE_KEY: quotedPem(privateKey),
    AUTH_PUBLIC_KEY: quotedPem(publicKey),
    APP_ORIGIN: o.baseUrl,
    CHAT_HOSTS: 'localhost,127.0.0.1',
    NOEK_BIND: '127.0.0.1',
    NOEK_PORT: String(o.port),
    NOEK_TAG: 'compose-test',
    LOG_LEVEL: 'info',
    SMTP_URL: o.smtpUrl,
    ADMIN_EMAIL: 'admin@noek.localhost',
    ADMIN_PASSWORD: secret(),
  };
  return Object.entries(vars)
    .map(([k, v]) => `${k}=${v}`)
    .join('\n');
}
