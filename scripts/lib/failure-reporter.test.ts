import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// A real vitest run over a file that fails in each way the reporter must name, in a folder of its own (its own
// config, so the project's test globs never pick the file up).
const root = join(import.meta.dirname, '..', '..');
const dir = join(root, '.tmp', 'failure-reporter-fixture');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('failure reporter', () => {
  it('names a failed test, a failed hook and an unhandled error, with the file and line', () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'vitest.config.mjs'),
      "export default { test: { include: ['boom.test.ts'] } };\n",
    );
    writeFileSync(
      join(dir, 'boom.test.ts'),
      [
        "import { afterAll, describe, expect, it } from 'vitest';",
        "describe('group', () => {",
        "  it('adds', () => expect(1 + 1).toBe(3));",
        "  it('leaks', () => { setImmediate(() => { throw new Error('late boom'); }); });",
        "  afterAll(() => { throw new Error('hook boom'); });",
        '});',
        "it('runs on', () => new Promise((r) => setImmediate(r)));",
        '',
      ].join('\n'),
    );
    const out = join(dir, 'failures.txt');
    const run = spawnSync(
      process.execPath,
      [
        join(root, 'node_modules/vitest/vitest.mjs'),
        'run',
        '--root',
        dir,
        '--reporter',
        join(root, 'scripts/lib/failure-reporter.ts'),
      ],
      { cwd: dir, env: { ...process.env, NOEK_FAILURES_FILE: out }, encoding: 'utf8', timeout: 60_000 },
    );
    expect(run.status).toBe(1);
    const lines = readFileSync(out, 'utf8').split('\n');
    expect(lines.slice(0, 2)).toEqual([
      'boom.test.ts > group: Error: hook boom (at boom.test.ts:5)',
      'boom.test.ts > group > adds: AssertionError: expected 2 to be 3 // Object.is equality (at boom.test.ts:3)',
    ]);
    // Where an unhandled error was thrown is named only when vitest could map its stack.
    expect(lines.slice(2)).toEqual([
      expect.stringMatching(/^unhandled error \(fails the run\): Error: late boom/),
    ]);
  }, 60_000);
});
