/**
 * The fault run's three kinds of time, named so that no fixed wait stands in for waiting on a thing:
 * - `pollFor`: waits for the thing itself (a row, a status, a stream's text), asking again every
 *   `everyMs` until it answers, within a bound;
 * - `holdFault`: how long a fault lasts (NATS killed, PostgreSQL stopped, the disk full): the fault
 *   itself, not a wait for something to happen;
 * - `retryPause`: a client's pause before it tries again, as the chat page backs off.
 */
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Asks `read` until it answers something other than undefined; undefined once `timeoutMs` has passed. */
export async function pollFor<T>(
  read: () => Promise<T | undefined> | T | undefined,
  { timeoutMs, everyMs }: { timeoutMs: number; everyMs: number },
): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (v !== undefined) return v;
    if (Date.now() >= deadline) return undefined;
    await pause(everyMs);
  }
}

/** Keeps a fault in place for `ms` (the outage is what the row is about). */
export const holdFault = (ms: number): Promise<void> => pause(ms);

/** A client waits `ms` before trying again. */
export const retryPause = (ms: number): Promise<void> => pause(ms);
