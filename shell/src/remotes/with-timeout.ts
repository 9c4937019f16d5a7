/** Raised when a remote does not answer in time (it accepted the connection and went silent). */
export class RemoteTimeoutError extends Error {
  constructor(what: string, ms: number) {
    super(`${what} did not load within ${Math.round(ms / 1000)} s`);
    this.name = 'RemoteTimeoutError';
  }
}

/**
 * The federation runtime waits forever on a server that never answers (notes/frontend-build.md),
 * so every remote load races a timer.
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RemoteTimeoutError(what, ms)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
