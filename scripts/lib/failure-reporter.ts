/**
 * A vitest reporter for `npm test` (scripts/test.ts): it writes what went wrong in a run to the file named by
 * NOEK_FAILURES_FILE, one line per failure, so the summary at the very end of `npm test` names them.
 * CI keeps only the tail of a run's output; without this a failed hook or an unhandled error deep in
 * thousands of lines of output shows up there only as "1 failed".
 */
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

const root = process.cwd();

/** The error's first line and, where vitest parsed its stack, where it was thrown. */
function firstLine(error: SerializedError): string {
  const text = `${error.name ?? 'Error'}: ${error.message ?? ''}`.split('\n')[0]!.slice(0, 300);
  const frame = error.stacks?.[0];
  return frame ? `${text} (at ${relative(root, frame.file)}:${frame.line})` : text;
}

/** The failures of one test file: its own errors (a hook, a load failure), each failed suite's, each failed test's. */
export function moduleFailures(module: TestModule): string[] {
  const file = relative(root, module.moduleId);
  const lines = module.errors().map((e) => `${file}: ${firstLine(e)}`);
  for (const suite of module.children.allSuites()) {
    for (const e of suite.errors()) lines.push(`${file} > ${suite.fullName}: ${firstLine(e)}`);
  }
  for (const test of module.children.allTests('failed')) {
    const error = test.result().errors?.[0];
    lines.push(`${file} > ${test.fullName}${error ? `: ${firstLine(error)}` : ''}`);
  }
  return lines;
}

export default class FailureReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandled: ReadonlyArray<SerializedError>): void {
    const file = process.env.NOEK_FAILURES_FILE;
    if (!file) return;
    const lines = [
      ...modules.flatMap(moduleFailures),
      ...unhandled.map((e) => `unhandled error (fails the run): ${firstLine(e)}`),
    ];
    writeFileSync(file, lines.join('\n'));
  }
}
