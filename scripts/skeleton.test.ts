/**
 * The one service skeleton and the one remote skeleton (docs/adding-a-service.md, docs/adding-a-remote.md),
 * checked on the files: every services/* and mfe-* has the skeleton's files, HTTP stays in routes files,
 * no handler answers an error status by hand, and every error code written in the sources is one of
 * contracts' errorCodes.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as contracts from '@noek/contracts';

const root = join(import.meta.dirname, '..');
const dirs = (parent: string) =>
  readdirSync(parent).filter((d) => statSync(join(parent, d)).isDirectory() && d !== 'node_modules');
const services = dirs(join(root, 'services'));
const remotes = readdirSync(root).filter((d) => d.startsWith('mfe-'));
/** services/_template is the service `npm run new:service` copies: its name is `template`. */
const nameOf = (dir: string) => dir.replace(/^_/, '');

/** Source files under `dir` (no generated client, no node_modules). */
function sources(dir: string, ext = /\.tsx?$/): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => ext.test(f) && !f.includes('generated/') && !f.includes('node_modules'))
    .map((f) => join(dir, f));
}
const isTest = (f: string) => /\.test\.tsx?$/.test(f) || f.includes('/test/') || f.includes('/testing/');
const rel = (f: string) => relative(root, f);
const read = (f: string) => readFileSync(f, 'utf8');

/**
 * Known gaps, each with who closes it. The test fails when a listed gap is closed, so the entry goes
 * with the change that closes it.
 */
const PENDING: Record<string, string> = {};

/** `ok` must hold, unless the gap is listed in PENDING: then it must still be open. */
function expectUnlessPending(key: string, ok: boolean, problem: string): void {
  const pending = PENDING[key];
  if (pending) expect(ok, `the gap is closed: remove PENDING['${key}'] (${pending})`).toBe(false);
  else expect(ok, problem).toBe(true);
}

const SERVICE_FILES = [
  'README.md',
  'package.json',
  'prisma.config.ts',
  'prisma/schema.prisma',
  'prisma/migrations/migration_lock.toml',
  'src/main.ts',
  'src/definition.ts',
  'src/config.ts',
  'src/database.ts',
  'src/context.ts',
  'src/service.ts',
  'src/index.ts',
];

function featureRoutes(service: string): string[] {
  const features = join(root, 'services', service, 'src', 'features');
  if (!existsSync(features)) return [];
  return dirs(features)
    .map((f) => join(features, f, `${f}.routes.ts`))
    .filter((f) => existsSync(f));
}

describe.each(services)('services/%s has the service skeleton', (serviceDir) => {
  const dir = join(root, 'services', serviceDir);
  const service = nameOf(serviceDir);
  const file = (f: string) => join(dir, f);

  it.each(SERVICE_FILES)('%s', (f) => {
    expect(existsSync(file(f)), `services/${service}/${f} is missing (docs/adding-a-service.md)`).toBe(true);
  });

  it('has no top-level source files beyond the skeleton (the rest lives in folders)', () => {
    const allowed = SERVICE_FILES.filter((f) => f.startsWith('src/')).map((f) => f.slice(4));
    const extra = readdirSync(file('src'), { withFileTypes: true })
      .filter((e) => e.isFile() && !isTest(e.name) && !allowed.includes(e.name))
      .map((e) => e.name);
    expect(extra, `services/${service}/src: move these into a folder (docs/adding-a-service.md)`).toEqual([]);
  });

  it('main.ts only runs its definition; definition.ts defines it', () => {
    const main = read(file('src/main.ts'));
    expect(main).toMatch(/from '\.\/definition'/);
    expect(main).toMatch(/await runServiceProcess\(\w+Service\)/);
    const definition = read(file('src/definition.ts'));
    expect(definition).toMatch(new RegExp(`export const ${service}Service = defineService\\(`));
    expect(definition, 'defineService comes from @noek/service-kit').toMatch(
      /import \{[^}]*\bdefineService\b[^}]*\} from '@noek\/service-kit'/,
    );
  });

  it('service.ts puts it together with assembleService (relay, consumers, stop order from the kit)', () => {
    const service = read(file('src/service.ts'));
    expect(service).toMatch(/assembleService\(/);
    expect(service, 'the kit owns the relay').not.toMatch(/createOutboxRelay\(/);
    expect(service, 'consumers go in `consumers`, not subscribed by hand').not.toMatch(
      /await subscribe\w*\(/,
    );
  });

  it('only repositories (and consumers, on their own transaction) touch the database client', () => {
    const offenders = sources(file('src'))
      .filter((f) => !isTest(f) && !/\.(repository|consumer)\.ts$/.test(f))
      .filter((f) => /\bctx\.db\b/.test(read(f)))
      .map(rel);
    expectUnlessPending(`${service}:ctx-db`, offenders.length === 0, offenders.join(', '));
  });

  it('config.ts is the only reader of process.env', () => {
    const readers = sources(file('src'))
      .filter((f) => !isTest(f) && /process\.env\b/.test(read(f)))
      .map(rel);
    expect(readers.filter((f) => !f.endsWith('/src/config.ts'))).toEqual([]);
  });

  it('depends on the shared packages, never on another service', () => {
    const pkg = JSON.parse(read(file('package.json'))) as { name: string; dependencies?: object };
    expect(pkg.name).toBe(`@noek/${service}`);
    const deps = Object.keys(pkg.dependencies ?? {});
    expect(deps).toEqual(
      expect.arrayContaining(['@noek/contracts', '@noek/service-kit', '@noek/db', '@noek/runtime']),
    );
    expect(deps.filter((d) => services.some((s) => d === `@noek/${nameOf(s)}`))).toEqual([]);
  });

  it('owns the outbox and processed-event models, on its own PostgreSQL schema', () => {
    const schema = read(file('prisma/schema.prisma'));
    expect(schema).toMatch(/model OutboxEvent \{/);
    expect(schema).toMatch(/model ProcessedEvent \{/);
    const NAME = service.toUpperCase();
    expect(read(file('src/database.ts'))).toMatch(new RegExp(`export const ${NAME}_SCHEMA = '${service}'`));
  });

  it('registers its routes per feature (features/<feature>/<feature>.routes.ts)', () => {
    const found = featureRoutes(serviceDir).length > 0;
    expectUnlessPending(`${service}:feature-routes`, found, 'no features/<feature>/<feature>.routes.ts');
  });

  it('only routes and middleware files see Express (use cases take plain input)', () => {
    const offenders = sources(file('src'))
      .filter((f) => !/\/src\/(service|context)\.ts$/.test(f))
      .filter((f) => !isTest(f) && !f.endsWith('.routes.ts') && !f.endsWith('.middleware.ts'))
      .filter((f) => /from 'express'/.test(read(f)))
      .map(rel);
    expectUnlessPending(`${service}:express-in-use-cases`, offenders.length === 0, offenders.join(', '));
  });
});

describe.each(remotes)('%s has the remote skeleton', (remote) => {
  const dir = join(root, remote);
  it.each(['README.md', 'package.json', 'rspack.config.mjs', 'src/app.tsx'])('%s', (f) => {
    expect(existsSync(join(dir, f)), `${remote}/${f} is missing (docs/adding-a-remote.md)`).toBe(true);
  });
  it('exposes ./App from src/app.tsx through createAppConfig, and app.tsx has a default export', () => {
    const config = read(join(dir, 'rspack.config.mjs'));
    expect(config).toMatch(/createAppConfig\(/);
    expect(config).toMatch(/'\.\/App':\s*'\.\/src\/app\.tsx'/);
    expect(read(join(dir, 'src/app.tsx'))).toMatch(/export default /);
  });
  it('keeps everything but app.tsx under src/features/<feature>/ (and src/test/)', () => {
    const loose = sources(join(dir, 'src'), /\.(tsx?|css)$/)
      .map((f) => relative(join(dir, 'src'), f))
      .filter((f) => f !== 'app.tsx' && !f.startsWith('features/') && !f.startsWith('test/'));
    expect(loose).toEqual([]);
  });
});

/** Non-test sources of every service and of the packages that render errors. */
const serverSources = [
  ...services.flatMap((s) => sources(join(root, 'services', s, 'src'))),
  ...sources(join(root, 'packages', 'service-kit', 'src')),
  ...sources(join(root, 'packages', 'runtime', 'src')),
].filter((f) => !isTest(f));

describe('one error model', () => {
  /** The one middleware, and what is still on its way to it (each with who removes it). */
  const HAND_WRITTEN_ALLOWED: Record<string, string> = {
    'packages/service-kit/src/errors/error-middleware.ts': 'the one error middleware',
    'packages/service-kit/src/http/health.ts': "/readyz's 503 is a probe answer, not an API error",
  };
  const HAND_WRITTEN = [
    /\.status\(\s*[45]\d\d\s*\)/, // res.status(429)
    /\.sendStatus\(\s*[45]\d\d\s*\)/,
    /\.status\(\s*[A-Za-z_$][\w.$]*\s*\)\s*\.(json|send|end)\(/, // res.status(status).json(...)
    /\.statusCode\s*=\s*[45]\d\d/,
  ];

  it('no route handler answers an error status by hand (typed errors through the middleware)', () => {
    const offenders = serverSources
      .filter((f) => !(rel(f) in HAND_WRITTEN_ALLOWED))
      .flatMap((f) =>
        read(f)
          .split('\n')
          .map((line, i) => ({ line, at: `${rel(f)}:${i + 1}` }))
          .filter(({ line }) => HAND_WRITTEN.some((re) => re.test(line)))
          .map(({ at, line }) => `${at}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });

  it('the allow-list names only files that still answer by hand', () => {
    for (const f of Object.keys(HAND_WRITTEN_ALLOWED)) {
      const text = existsSync(join(root, f)) ? read(join(root, f)) : '';
      expect(
        HAND_WRITTEN.some((re) => re.test(text)),
        `${f}: remove it from the allow-list`,
      ).toBe(true);
    }
  });

  it('every error code written in the sources is one of contracts errorCodes', () => {
    const known = new Set<string>(Object.values(contracts.errorCodes));
    const unknown: string[] = [];
    for (const f of serverSources) {
      const text = read(f);
      // `code: 'X'` in an error body, and SCREAMING_SNAKE literals passed to an *Error constructor.
      for (const m of text.matchAll(/\bcode:\s*'([A-Z][A-Z0-9_]+)'/g)) {
        if (!known.has(m[1]!)) unknown.push(`${rel(f)}: ${m[1]}`);
      }
      for (const m of text.matchAll(/new\s+\w*Error\(([^;]*?)\)\s*[;)]/gs)) {
        for (const lit of m[1]!.matchAll(/'([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]{4,})'/g)) {
          if (!known.has(lit[1]!)) unknown.push(`${rel(f)}: ${lit[1]}`);
        }
      }
    }
    expect(unknown).toEqual([]);
  });

  it('the scan sees the codes it should (it is not blind)', () => {
    const sample = "throw new ConflictError('Taken.', 'NOT_A_CODE');";
    const found = [...sample.matchAll(/new\s+\w*Error\(([^;]*?)\)\s*[;)]/gs)].flatMap((m) =>
      [...m[1]!.matchAll(/'([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]{4,})'/g)].map((l) => l[1]),
    );
    expect(found).toEqual(['NOT_A_CODE']);
  });
});

/** Events consumed outside the services' durable consumers; each with who consumes it. */
const EXTERNAL_EVENTS: Record<string, string> = {};

describe('events', () => {
  const exportName = (def: object) => Object.entries(contracts).find(([, v]) => v === def)?.[0];
  const subjectKey = (subject: string) =>
    Object.entries(contracts.eventSubjects).find(([, v]) => v === subject)?.[0];
  const consumers = [
    ...services.flatMap((s) =>
      sources(join(root, 'services', s, 'src')).filter((f) => f.endsWith('.consumer.ts')),
    ),
    // Followed by every process (the session guard's revocation list).
    join(root, 'packages', 'service-kit', 'src', 'auth', 'revocation-list.ts'),
  ].map(read);

  it.each(contracts.allEvents.map((e) => e.subject))('%s is consumed, or listed as external', (subject) => {
    const def = contracts.allEvents.find((e) => e.subject === subject)!;
    const names = [exportName(def), subjectKey(subject) && `eventSubjects.${subjectKey(subject)}`].filter(
      (n): n is string => Boolean(n),
    );
    const consumed = consumers.some(
      (text) => text.includes(`'${subject}'`) || names.some((n) => text.includes(n)),
    );
    expect(consumed || subject in EXTERNAL_EVENTS, `${subject}: no consumer names it`).toBe(true);
  });

  it('every event a service publishes (createEnvelope) is in allEvents', () => {
    const unknown = serverSources.flatMap((f) =>
      [...read(f).matchAll(/createEnvelope\(\s*(\w+)/g)]
        .map((m) => m[1]!)
        .filter((id) => {
          const value = (contracts as Record<string, unknown>)[id];
          return !contracts.allEvents.some((e) => e === value);
        })
        .map((id) => `${rel(f)}: ${id}`),
    );
    expect(unknown).toEqual([]);
  });
});
