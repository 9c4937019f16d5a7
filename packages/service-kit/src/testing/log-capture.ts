import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../logging/logger';

/** A logger whose JSON lines tests can read back. */
export function captureLogger(level: 'debug' | 'info' = 'info'): {
  logger: Logger;
  lines: () => Record<string, unknown>[];
} {
  const chunks: string[] = [];
  const destination = new Writable({
    write(chunk, _enc, cb) {
      chunks.push(String(chunk));
      cb();
    },
  });
  const logger = createLogger({ name: 'test', level, destination });
  const lines = () =>
    chunks
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { logger, lines };
}
