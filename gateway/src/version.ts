import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './config';

function readOrUndefined(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/**
 * The version /api/version reports: APP_VERSION when set, else `<root package version>+<build>`
 * where build is BUILD_ID, or a hash of the built shell's index.html (it names every hashed
 * asset, so it changes exactly when a rebuild changes the app), or `dev`. A change makes open
 * browsers show the update banner, so a restart alone must not change it.
 */
export function resolveVersion(options: {
  appVersion?: string;
  buildId?: string;
  shellDistDir: string;
}): string {
  if (options.appVersion) return options.appVersion;
  const pkg = readOrUndefined(join(repoRoot, 'package.json'));
  const base = pkg ? ((JSON.parse(pkg.toString()) as { version?: string }).version ?? '0.0.0') : '0.0.0';
  const index = readOrUndefined(join(options.shellDistDir, 'index.html'));
  const build =
    options.buildId ?? (index ? createHash('sha256').update(index).digest('hex').slice(0, 10) : 'dev');
  return `${base}+${build}`;
}
