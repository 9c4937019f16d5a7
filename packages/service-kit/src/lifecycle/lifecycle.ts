import type { Logger } from 'pino';

export type ShutdownHook = () => Promise<void> | void;

export interface Lifecycle {
  /** Register in start-up order (db, bus, http); hooks run in reverse (http, bus, db). */
  onShutdown(fn: ShutdownHook, name?: string): void;
  /** Runs every hook once, even if one throws; resolves true if all succeeded. */
  shutdown(reason?: string): Promise<boolean>;
  /**
   * SIGTERM/SIGINT -> shutdown -> exit 0 (1 if a hook threw). Also: an unhandled promise rejection is
   * logged instead of killing the process (one bad request must not take a service down); an uncaught
   * exception is logged and triggers a graceful shutdown with exit 1. The only process-global side effects.
   */
  installSignalHandlers(): void;
}

export interface LifecycleOptions {
  logger: Logger;
  /** Upper bound for the whole shutdown; past it the process exits 1 anyway. */
  graceMs: number;
  /** Injected for tests; defaults to process.exit. */
  exit?: (code: number) => void;
}

export function createLifecycle({
  logger,
  graceMs,
  exit = (code) => process.exit(code),
}: LifecycleOptions): Lifecycle {
  const hooks: { name: string; fn: ShutdownHook }[] = [];
  let running: Promise<boolean> | undefined;

  const runHooks = async (reason: string): Promise<boolean> => {
    logger.info({ reason }, 'shutting down');
    let ok = true;
    for (const { name, fn } of [...hooks].reverse()) {
      try {
        await fn();
        logger.info({ hook: name }, 'shutdown step done');
      } catch (err) {
        ok = false;
        logger.error({ hook: name, err }, 'shutdown step failed');
      }
    }
    return ok;
  };

  const shutdown = (reason = 'requested') => (running ??= runHooks(reason));

  return {
    onShutdown(fn, name = fn.name || `hook ${hooks.length + 1}`) {
      hooks.push({ name, fn });
    },
    shutdown,
    installSignalHandlers() {
      const onSignal = (signal: NodeJS.Signals) => {
        if (running) {
          logger.warn({ signal }, 'second signal during shutdown, exiting now');
          exit(1);
          return;
        }
        // Hooks have their own bounds; this one catches a hook that hangs.
        const guard = setTimeout(() => {
          logger.error({ graceMs }, 'shutdown took too long, exiting');
          exit(1);
        }, graceMs + 5_000);
        guard.unref();
        void shutdown(signal).then((ok) => {
          clearTimeout(guard);
          exit(ok ? 0 : 1);
        });
      };
      process.on('SIGTERM', onSignal);
      process.on('SIGINT', onSignal);
      process.on('unhandledRejection', (reason) => {
        logger.error({ err: reason }, 'unhandled promise rejection');
      });
      process.on('uncaughtException', (err) => {
        logger.fatal({ err }, 'uncaught exception, shutting down');
        if (running) return;
        const guard = setTimeout(() => exit(1), graceMs + 5_000);
        guard.unref();
        void shutdown('uncaughtException').then(() => exit(1));
      });
    },
  };
}
