/** Asks `url` until it answers 2xx (a service or gateway coming up); throws after `timeoutMs`. */
export async function waitReady(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} not ready in ${timeoutMs / 1000} s`);
}

/** The `p`th percentile of an ascending list (NaN when empty). */
export const pct = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
