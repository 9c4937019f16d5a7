import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyService, leftovers, TEMPLATE_DIR } from './lib/copy-service';

const root = join(import.meta.dirname, '..');
// A scratch root inside the repository (.tmp is ignored by git, vitest and the type-check), so the copy
// resolves the installed packages as a service does.
mkdirSync(join(root, '.tmp'), { recursive: true });
const tmp = mkdtempSync(join(root, '.tmp', 'new-service-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The parts of the repository the copier reads and edits, in the scratch root. */
for (const f of [TEMPLATE_DIR, 'packages/contracts/src']) {
  mkdirSync(dirname(join(tmp, f)), { recursive: true });
  cpSync(join(root, f), join(tmp, f), {
    recursive: true,
    filter: (src) => !/\/(node_modules|generated|dist)(\/|$)/.test(src),
  });
}
// What the copy's prisma.config.ts reaches by a relative path, read as it is.
symlinkSync(join(root, 'packages/db'), join(tmp, 'packages/db'));

/** Runs a Node CLI of the repository's node_modules in `cwd`; answers its status and output. */
function cli(pkgJson: string, bin: string, args: string[], cwd: string) {
  const main = join(dirname(createRequire(import.meta.url).resolve(pkgJson)), bin);
  const run = spawnSync(process.execPath, [main, ...args], { cwd, encoding: 'utf8', timeout: 240_000 });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('npm run new:service', () => {
  const result = copyService({ root: tmp, name: 'notes', port: 4123 });
  const read = (f: string) => readFileSync(join(tmp, f), 'utf8');

  it('copies the template with nothing left of its name or port', () => {
    expect(result.written).toContain('services/notes/src/definition.ts');
    expect(leftovers(join(tmp, 'services/notes'))).toEqual([]);
    expect(read('packages/contracts/src/api/notes.schema.ts')).not.toMatch(/template/i);
  });

  it('names the copy everywhere it is wired', () => {
    expect(read('services/notes/src/definition.ts')).toMatch(/export const notesService = defineService\(/);
    expect(read('services/notes/src/definition.ts')).toMatch(/defaultPort: 4123/);
    expect(read('services/notes/src/database.ts')).toMatch(/export const NOTES_SCHEMA = 'notes'/);
    expect(JSON.parse(read('services/notes/package.json'))).toMatchObject({ name: '@noek/notes' });
    expect(read('services/notes/prisma.config.ts')).toMatch(/'notes'\)/);
  });

  it('adds its contract and event to the index and the catalog, beside the template', () => {
    expect(read('packages/contracts/src/index.ts')).toMatch(/export \* from '\.\/api\/notes\.schema';/);
    const catalog = read('packages/contracts/src/events/catalog.ts');
    expect(catalog).toMatch(/import \{ notesNoteCreatedEvent \} from '\.\.\/api\/notes\.schema';/);
    expect(catalog).toMatch(/^ {2}notesNoteCreatedEvent,$/m);
    expect(catalog).toMatch(/notesNoteCreated: notesNoteCreatedEvent\.subject,/);
    expect(catalog).toMatch(/'template\.>', 'notes\.>'\] as const;/);
  });

  it('type-checks as a service, its tests included, against the contracts the copier edited', () => {
    const generated = cli('prisma/package.json', 'build/index.js', ['generate'], join(tmp, 'services/notes'));
    expect(generated.status, generated.output).toBe(0);
    writeFileSync(
      join(tmp, 'tsconfig.json'),
      JSON.stringify({
        extends: join(root, 'tsconfig.base.json'),
        compilerOptions: { paths: { '@noek/contracts': ['./packages/contracts/src/index.ts'] } },
        include: ['services/notes/src', 'services/notes/prisma.config.ts'],
      }),
    );
    const tsc = cli('typescript/package.json', 'bin/tsc', ['-p', 'tsconfig.json'], tmp);
    expect(tsc.status, tsc.output).toBe(0);
  }, 300_000);

  it('refuses to overwrite, and refuses the template name itself', () => {
    expect(() => copyService({ root: tmp, name: 'notes', port: 4124 })).toThrow(/already exists/);
    expect(() => copyService({ root: tmp, name: 'template', port: 4124 })).toThrow(/not a service name/);
  });
});
