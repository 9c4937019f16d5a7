/**
 * The one exponential backoff of the house: `baseMs`, doubled per failure after the first, capped at `maxMs`.
 * `attempt` counts failures so far (1 = the first retry).
 */
export function backoffDelay(attempt: number, o: { baseMs: number; maxMs: number }): number {
  return Math.min(o.maxMs, o.baseMs * 2 ** Math.max(0, Math.min(attempt - 1, 30)));
}
