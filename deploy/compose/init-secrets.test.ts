import { execFileSync, spawnSync } from 'node:child_process';
import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
// @ts-expect-error: a plain .mjs script (it runs in the stock node image, with no build)
import { initSecrets, keyFiles, passwordFiles } from './init-secrets.mjs';

const here = import.meta.dirname;
const root = join(here, '../..');
const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'noek-secrets-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const read = (dir: string) =>
  Object.fromEntries(readdirSync(dir).map((f) => [f, readFileSync(join(dir, f), 'utf8')]));

/** Runs with-secrets.sh as a container would, printing what the command receives. */
function withSecrets(
  dir: string,
  env: Record<string, string>,
): { url: string; authPassword: string; privateKey: string; publicKey: string } {
  const script =
    'printf "%s\\n%s\\n%s\\n%s" "$DATABASE_URL" "$AUTH_DB_PASSWORD" "${AUTH_PRIVATE_KEY-unset}" "$AUTH_PUBLIC_KEY"';
  const out = execFileSync('sh', [join(here, 'with-secrets.sh'), 'sh', '-c', script], {
    env: { PATH: process.env.PATH, NOEK_SECRETS_DIR: dir, ...env },
    encoding: 'utf8',
  }).split('\n');
  return { url: out[0]!, authPassword: out[1]!, privateKey: out[2]!, publicKey: out.slice(3).join('\n') };
}

describe('compose secrets on first start', () => {
  it('creates every password and a matching ES256 key pair, then keeps them on later starts', () => {
    const dir = tmp();
    expect(initSecrets(dir).sort()).toEqual(
      [...passwordFiles, ...keyFiles, 'auth-private.pem', 'auth-public.pem'].sort(),
    );
    const first = read(dir);
    for (const f of passwordFiles) expect(first[f]).toMatch(/^[0-9a-f]{48}$/);
    for (const f of keyFiles) expect(first[f]).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(passwordFiles.map((f: string) => first[f])).size).toBe(passwordFiles.length);
    const privateKey = createPrivateKey(first['auth-private.pem']!);
    expect(privateKey.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
    const signature = sign('sha256', Buffer.from('noek'), privateKey);
    expect(verify('sha256', Buffer.from('noek'), createPublicKey(first['auth-public.pem']!), signature)).toBe(
      true,
    );

    expect(initSecrets(dir)).toEqual([]);
    expect(read(dir)).toEqual(first);
  });

  it('replaces a half-lost key pair whole, and only what is missing', () => {
    const dir = tmp();
    initSecrets(dir);
    const before = read(dir);
    rmSync(join(dir, 'auth-public.pem'));
    rmSync(join(dir, 'chat_db_password'));
    expect(initSecrets(dir).sort()).toEqual(['auth-private.pem', 'auth-public.pem', 'chat_db_password']);
    const after = read(dir);
    expect(after['auth-private.pem']).not.toBe(before['auth-private.pem']);
    expect(after.postgres_password).toBe(before.postgres_password);
  });

  it('runs as the compose service does (node init-secrets.mjs <dir>)', () => {
    const dir = tmp();
    const run = () =>
      spawnSync(process.execPath, [join(here, 'init-secrets.mjs'), dir], { encoding: 'utf8' });
    expect(run().stdout).toContain('secrets created');
    expect(run().stdout).toContain('secrets already in place: kept');
  });

  it("gives each container the generated values, unless .env's win; an empty private key is none", () => {
    const dir = tmp();
    initSecrets(dir);
    const s = read(dir);
    const generated = withSecrets(dir, { NOEK_DB_ROLE: 'auth', AUTH_DB_PASSWORD: '', AUTH_PRIVATE_KEY: '' });
    expect(generated.url).toBe(`postgresql://auth:${s.auth_db_password}@postgres:5432/noek`);
    expect(generated.privateKey).toBe('unset');
    expect(generated.publicKey.trim()).toBe(s['auth-public.pem']!.trim());
    const given = withSecrets(dir, {
      NOEK_DB_ROLE: 'admin',
      ADMIN_DB_PASSWORD: 'from-env',
      AUTH_PRIVATE_KEY: 'PEM',
    });
    expect(given.url).toBe('postgresql://admin:from-env@postgres:5432/noek');
    expect(given.privateKey).toBe('PEM');
    // A service with KEYS_DIR reads both keys from the volume: no half pair in its environment.
    const service = withSecrets(dir, { KEYS_DIR: dir, AUTH_PUBLIC_KEY: '', AUTH_PRIVATE_KEY: '' });
    expect(service.publicKey).toBe('');
  });

  it('the compose file needs no .env: nothing required, every process gets the secrets volume', () => {
    const text = readFileSync(join(root, 'docker-compose.yml'), 'utf8');
    expect(text).not.toMatch(/\$\{[A-Z_]+:\?/);
    const compose = parse(text, { merge: true }) as {
      services: Record<
        string,
        { volumes?: string[]; depends_on?: Record<string, unknown>; profiles?: string[] }
      >;
    };
    for (const name of ['postgres', 'auth', 'chat', 'billing', 'admin', 'gateway']) {
      const svc = compose.services[name]!;
      expect(svc.volumes, name).toContain('noek-secrets:/run/noek-secrets:ro');
      expect(svc.depends_on?.['secrets-init'], name).toEqual({ condition: 'service_completed_successfully' });
    }
    expect(compose.services['secrets-init']!.volumes).toContain('noek-secrets:/run/noek-secrets');
    expect(compose.services.prometheus!.profiles).toEqual(['monitoring']);
    expect(compose.services.grafana!.profiles).toEqual(['monitoring']);
  });
});
