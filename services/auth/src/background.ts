import type { Logger } from 'pino';
import type { Background } from './context';

/**
 * Runs work after the current request was answered (setImmediate), so the answer's timing and
 * content cannot depend on it; failures are logged. stop() waits for what was started.
 */
export function createBackground(log: Logger): Background {
  const pending = new Set<Promise<void>>();
  return {
    run(name, work) {
      const p: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .then(
          () => undefined,
          (err: unknown) => log.error({ err }, `${name} failed`),
        )
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async drain() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
