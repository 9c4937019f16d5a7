/**
 * `npm test`: every check the project has, in order, ending with one line `N passed, N failed`.
 * Stages keep going after a failure so one run shows everything that is wrong.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { checkLocalServers } from './lib/preflight';

/** `failures` names what failed, one line each, for the summary at the end (CI keeps only the tail). */
type Tally = { passed: number; failed: number; failures?: string[] };
type Stage = { name: string; run: () => Promise<Tally> };

const root = join(import.meta.dirname, '..');
const tmp = join(root, '.tmp', 'test');

function sh(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

/** A stage that is one check: it passes or fails as a whole. */
function check(name: string, cmd: string, args: string[]): Stage {
  return {
    name,
    run: async () => ((await sh(cmd, args)) === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 }),
  };
}

/** A vitest stage counts its individual tests from the JSON report. */
function vitest(name: string, projects: string[]): Stage {
  return {
    name,
    run: async () => {
      const out = join(tmp, `${name}.json`);
      const failuresFile = join(tmp, `${name}.failures.txt`);
      rmSync(out, { force: true });
      rmSync(failuresFile, { force: true });
      const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p])];
      const code = await sh(
        'npx',
        [
          ...args,
          '--reporter=default',
          '--reporter=json',
          `--outputFile.json=${out}`,
          '--reporter=./scripts/lib/failure-reporter.ts',
        ],
        { NOEK_FAILURES_FILE: failuresFile },
      );
      const failures = existsSync(failuresFile)
        ? readFileSync(failuresFile, 'utf8').split('\n').filter(Boolean)
        : [];
      if (!existsSync(out))
        return { passed: 0, failed: 1, failures: [...failures, `vitest exited ${code} with no report`] };
      const report = JSON.parse(readFileSync(out, 'utf8')) as {
        numPassedTests: number;
        numFailedTests: number;
        numTotalTestSuites: number;
        success: boolean;
      };
      // A file that fails to load counts no test but is still a failure.
      const failed = report.numFailedTests + (code !== 0 && report.numFailedTests === 0 ? 1 : 0);
      if (failed > 0 && failures.length === 0) failures.push(`vitest exited ${code}: see its output above`);
      return { passed: report.numPassedTests, failed, failures };
    },
  };
}

/**
 * The whole product in containers (deploy/compose/compose-test.ts): build, docker compose up, the sign-up ->
 * verify -> chat journey, down. Exit 3 means Docker cannot run on this machine: skipped, with the reason
 * printed by the script (CI installs and starts Docker, so there it always runs).
 */
function compose(): Stage {
  return {
    name: 'compose',
    run: async () => {
      const code = await sh('npm', ['run', '--silent', 'test:compose']);
      if (code === 3) return { passed: 0, failed: 0 };
      return code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
    },
  };
}

/**
 * The fault run (e2e/faults/fault-suite.ts, `npm run test:faults`): each fault row is a test — it passes
 * when every invariant held after that fault.
 */
function faults(): Stage {
  return {
    name: 'faults',
    run: async () => {
      const out = join(tmp, 'faults.json');
      rmSync(out, { force: true });
      const code = await sh('npx', ['tsx', 'e2e/faults/fault-suite.ts', `--report=${out}`]);
      if (!existsSync(out)) return { passed: 0, failed: 1 };
      const rows = JSON.parse(readFileSync(out, 'utf8')) as { problems: string[] }[];
      const failed = rows.filter((r) => r.problems.length > 0).length;
      return { passed: rows.length - failed, failed: failed + (code !== 0 && failed === 0 ? 1 : 0) };
    },
  };
}

const stages: Stage[] = [
  check('prisma generate', 'node', ['scripts/build/build.mjs', '--only=prisma clients']),
  check('typecheck', 'npm', ['run', '--silent', 'typecheck']),
  check('lint', 'npm', ['run', '--silent', 'lint']),
  check('format', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']),
  vitest('unit', ['unit', 'ui']),
  check('migration drift', 'npm', ['run', '--silent', 'db:check']),
  vitest('api', ['api']),
  check('build (front ends, server bundles)', 'npm', ['run', '--silent', 'build']),
  vitest('e2e', ['e2e']),
  vitest('security', ['security']),
  faults(),
  compose(),
];

async function main(): Promise<void> {
  mkdirSync(tmp, { recursive: true });
  const missing = await checkLocalServers();
  if (missing.length > 0) {
    console.error(
      `\nThe API and browser tests need these servers, which are not reachable:\n${missing.map((m) => `  - ${m}`).join('\n')}`,
    );
    console.error('Start them (see README "Tests") or run `bash .ci/run`, which starts them.\n');
  }
  const total: Tally = { passed: 0, failed: 0 };
  const summary: string[] = [];
  for (const stage of stages) {
    console.log(`\n=== ${stage.name}`);
    const t = await stage.run();
    total.passed += t.passed;
    total.failed += t.failed;
    summary.push(`${t.failed === 0 ? 'ok  ' : 'FAIL'} ${stage.name}: ${t.passed} passed, ${t.failed} failed`);
    if (t.failed > 0) summary.push(...(t.failures ?? []).slice(0, 20).map((f) => `       ${f}`));
  }
  console.log(`\n${summary.join('\n')}\n`);
  console.log(`${total.passed} passed, ${total.failed} failed`);
  process.exit(total.failed === 0 && missing.length === 0 ? 0 : 1);
}

await main();
