/**
 * Iterates `source`, failing with `onIdle()`'s error when no item arrives within `idleMs` (a stalled
 * stream would otherwise hold the reply open forever). The source iterator is closed on exit.
 */
export async function* withIdleTimeout<T>(
  source: AsyncIterable<T>,
  idleMs: number,
  onIdle: () => Error,
): AsyncGenerator<T> {
  const it = source[Symbol.asyncIterator]();
  try {
    for (;;) {
      let timer: NodeJS.Timeout | undefined;
      const idle = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(onIdle()), idleMs);
      });
      try {
        const next = await Promise.race([it.next(), idle]);
        if (next.done) return;
        yield next.value;
      } finally {
        clearTimeout(timer);
      }
    }
  } finally {
    // Do not await: a stalled source may never settle its return().
    void it.return?.()?.catch(() => undefined);
  }
}
