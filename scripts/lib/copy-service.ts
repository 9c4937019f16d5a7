import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { join } from 'node:path';

/** The service `npm run new:service` copies: type-checked and tested like the others, so the copy is too. */
export const TEMPLATE_DIR = 'services/_template';
export const TEMPLATE_NAME = 'template';
export const TEMPLATE_PORT = 4099;
const CONTRACT = (name: string) => `packages/contracts/src/api/${name}.schema.ts`;
/** Files of the product that name the template once each: the copy gets its own line beside it. */
const REGISTRIES = ['packages/contracts/src/index.ts', 'packages/contracts/src/events/catalog.ts'];
/** Built or installed, never copied. */
const SKIPPED = new Set(['node_modules', 'generated', 'dist']);

export interface CopyServiceOptions {
  root: string;
  /** Lower-case letters and digits: services/<name>, @noek/<name>, PostgreSQL schema <name>. */
  name: string;
  port: number;
}

export function isServiceName(name: string): boolean {
  return /^[a-z][a-z0-9]{1,20}$/.test(name) && name !== TEMPLATE_NAME;
}

function renamer(name: string, port: number): (text: string) => string {
  const Name = name[0]!.toUpperCase() + name.slice(1);
  return (text) =>
    text
      .replaceAll(TEMPLATE_NAME, name)
      .replaceAll('Template', Name)
      .replaceAll('TEMPLATE', name.toUpperCase())
      .replaceAll(String(TEMPLATE_PORT), String(port));
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => !f.split('/').some((part) => SKIPPED.has(part)))
    .filter((f) => statSync(join(dir, f)).isFile());
}

/**
 * Copies services/_template to services/<name> and its contract beside it, renaming every identifier,
 * path, subject and the port, and adds the copy to the contracts index and the event catalog. Refuses
 * to overwrite. Answers the paths written and edited.
 */
export function copyService({ root, name, port }: CopyServiceOptions): {
  written: string[];
  edited: string[];
} {
  if (!isServiceName(name)) throw new Error(`not a service name: ${name} (lower-case letters and digits)`);
  const rename = renamer(name, port);
  const target = join(root, 'services', name);
  const contract = join(root, CONTRACT(name));
  for (const path of [target, contract])
    if (existsSync(path)) throw new Error(`${path} already exists: nothing written`);

  const written: string[] = [];
  const source = join(root, TEMPLATE_DIR);
  for (const f of filesUnder(source)) {
    const to = join(target, rename(f));
    mkdirSync(dirname(to), { recursive: true });
    cpSync(join(source, f), to);
    writeFileSync(to, rename(readFileSync(to, 'utf8')));
    written.push(`services/${name}/${rename(f)}`);
  }
  writeFileSync(contract, rename(readFileSync(join(root, CONTRACT(TEMPLATE_NAME)), 'utf8')));
  written.push(CONTRACT(name));

  for (const registry of REGISTRIES) {
    const path = join(root, registry);
    const lines = readFileSync(path, 'utf8').split('\n');
    const out = lines.flatMap((line) => {
      if (!line.includes(TEMPLATE_NAME)) return [line];
      // The stream's subject list is one line: the copy's subjects join it.
      if (line.includes(`'${TEMPLATE_NAME}.>'`))
        return [line.replace(`'${TEMPLATE_NAME}.>'`, `'${TEMPLATE_NAME}.>', '${name}.>'`)];
      return [line, rename(line)];
    });
    writeFileSync(path, out.join('\n'));
  }
  return { written, edited: REGISTRIES };
}

/** What is left to rename in a copy (empty when the copy is complete). */
export function leftovers(dir: string): string[] {
  return filesUnder(dir).flatMap((f) => {
    const text = readFileSync(join(dir, f), 'utf8');
    return /template/i.test(f) || /template|4099/i.test(text) ? [f] : [];
  });
}
