import { pino, type Logger, type LevelWithSilent } from 'pino';

export type { Logger };
export type LogLevel = LevelWithSilent;

export interface CreateLoggerOptions {
  name: string;
  level?: LogLevel;
  /** Where lines go; defaults to stdout. Tests pass a stream to read what was logged. */
  destination?: NodeJS.WritableStream;
}

/** One JSON line per entry; secrets that may ride on request objects are redacted. */
export function createLogger({ name, level = 'info', destination }: CreateLoggerOptions): Logger {
  const options = {
    name,
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
