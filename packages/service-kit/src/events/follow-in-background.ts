import type { Following } from './event-bus';

/**
 * Starts a follow()/listen() that may wait for NATS for ever, without making the caller wait for long:
 * resolves after it started or after `waitMs`, whichever is first, with the function that stops it
 * (whenever it starts, if that is later). A failure to start goes to `onError`.
 */
export async function followInBackground(
  start: () => Promise<Following>,
  onError: (err: unknown) => void,
  waitMs: number,
): Promise<() => Promise<void>> {
  let stopped = false;
  const following = start().then(
    async (f) => {
      if (stopped) await f.stop();
      return f;
    },
    (err: unknown) => {
      onError(err);
      return undefined;
    },
  );
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([following, new Promise((r) => (timer = setTimeout(r, waitMs)))]);
  clearTimeout(timer);
  return async () => {
    if (stopped) return;
    stopped = true;
    const f = await Promise.race([following, new Promise<undefined>((r) => setTimeout(r, 100, undefined))]);
    await f?.stop();
  };
}
