import type { Logger } from 'pino';
import type { Background } from '../context';

/**
 * Runs work after the current request was answered, so the answer's content and timing cannot depend
 * on it; failures are logged. The work starts 50-150 ms later, so its cost does not land on the
 * requests that follow at once either (an attacker timing a burst of requests learns nothing).
 * stop() waits for what was started.
 */
export function createBackground(log: Logger, delayMs = () => 50 + Math.random() * 100): Background {
  const pending = new Set<Promise<void>>();
  return {
    run(name, work) {
      const p: Promise<void> = new Promise<void>((resolve) => setTimeout(resolve, delayMs()))
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
