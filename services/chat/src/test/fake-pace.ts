/**
 * A fake's deliberate slowness: a fake model writing its tokens slowly, a fake store taking its time
 * to write. It is what such a test is about, never a wait for something else to happen (tests wait
 * for what they check). Rejects with the signal's reason when `signal` aborts first.
 */
export function fakePause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}
