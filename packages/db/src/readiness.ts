// Readiness probe for /readyz: one round trip to the database, bounded in time.
export interface RawQueryable {
  $queryRawUnsafe(query: string): Promise<unknown>;
}

export type ReadyResult = { ok: true; latencyMs: number } | { ok: false; reason: string };

export async function checkReady(prisma: RawQueryable, timeoutMs = 1000): Promise<ReadyResult> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`database did not answer within ${timeoutMs} ms`)), timeoutMs);
    timer.unref();
  });
  try {
    await Promise.race([prisma.$queryRawUnsafe('SELECT 1'), timeout]);
    return { ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}
