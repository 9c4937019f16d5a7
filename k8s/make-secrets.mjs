// One command for the Kubernetes Secrets of a new install (docs/deployment.md, "Kubernetes"):
//   node k8s/make-secrets.mjs | kubectl apply -f -
// Generates the PostgreSQL passwords, chat's PROVIDER_SECRET_KEY and auth's ES256 key pair the same way `docker compose up` does on its
// first start (deploy/compose/init-secrets.mjs), into a private directory (default .secrets/, git-ignored),
// and prints the Secrets as YAML. Run again, it reuses that directory: the same passwords and keys.
// The public half goes into k8s/config.yaml (AUTH_PUBLIC_KEY) while that still holds the placeholder.
// Optional settings from the environment: SMTP_URL, ADMIN_EMAIL, ADMIN_PASSWORD, OPENAI_API_KEY,
// STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET. Usage: node k8s/make-secrets.mjs [dir]
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { initSecrets } from '../deploy/compose/init-secrets.mjs';

const dir = process.argv[2] ?? '.secrets';
initSecrets(dir);
const read = (name) => readFileSync(join(dir, name), 'utf8');
const url = (role) => `postgresql://${role}:${read(`${role}_db_password`)}@postgres:5432/noek`;
const env = (name) => process.env[name] ?? '';

const secret = (name, data) =>
  [
    'apiVersion: v1',
    'kind: Secret',
    'metadata:',
    `  name: ${name}`,
    '  namespace: noek',
    '  labels:',
    '    app.kubernetes.io/part-of: noek',
    'type: Opaque',
    'stringData:',
    ...Object.entries(data)
      .filter(([, v]) => v !== '')
      // JSON strings are valid YAML scalars: PEMs and URLs need no further quoting.
      .map(([k, v]) => `  ${k}: ${JSON.stringify(v)}`),
  ].join('\n');

const docs = [
  secret('noek-postgres', {
    POSTGRES_PASSWORD: read('postgres_password'),
    AUTH_DB_PASSWORD: read('auth_db_password'),
    CHAT_DB_PASSWORD: read('chat_db_password'),
    BILLING_DB_PASSWORD: read('billing_db_password'),
    ADMIN_DB_PASSWORD: read('admin_db_password'),
  }),
  secret('noek-auth', {
    DATABASE_URL: url('auth'),
    AUTH_PRIVATE_KEY: read('auth-private.pem'),
    SMTP_URL: env('SMTP_URL'),
    ADMIN_EMAIL: env('ADMIN_EMAIL'),
    ADMIN_PASSWORD: env('ADMIN_PASSWORD'),
  }),
  secret('noek-chat', {
    DATABASE_URL: url('chat'),
    OPENAI_API_KEY: env('OPENAI_API_KEY'),
    PROVIDER_SECRET_KEY: read('provider_secret_key'),
  }),
  secret('noek-billing', {
    DATABASE_URL: url('billing'),
    STRIPE_SECRET_KEY: env('STRIPE_SECRET_KEY'),
    STRIPE_WEBHOOK_SECRET: env('STRIPE_WEBHOOK_SECRET'),
  }),
  secret('noek-admin', { DATABASE_URL: url('admin') }),
];
process.stdout.write(`${docs.join('\n---\n')}\n`);

const configPath = fileURLToPath(new URL('./config.yaml', import.meta.url));
const config = readFileSync(configPath, 'utf8');
const placeholder =
  /    -----BEGIN PUBLIC KEY-----\n    REPLACE-WITH-YOUR-ES256-PUBLIC-KEY\n    -----END PUBLIC KEY-----\n/;
if (placeholder.test(config)) {
  const pem = read('auth-public.pem')
    .trim()
    .split('\n')
    .map((l) => `    ${l}\n`)
    .join('');
  writeFileSync(configPath, config.replace(placeholder, pem));
  process.stderr.write('k8s/config.yaml: AUTH_PUBLIC_KEY set to the generated public key\n');
} else if (!config.includes(read('auth-public.pem').trim().split('\n')[1])) {
  process.stderr.write(
    `k8s/config.yaml holds another AUTH_PUBLIC_KEY: put ${join(dir, 'auth-public.pem')} there\n`,
  );
}
