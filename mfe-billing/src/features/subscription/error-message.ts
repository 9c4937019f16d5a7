/**
 * The shared client raises `Error("{status}: {body}")` (spec §7). The server's plain message is shown when
 * the body carries one; a failure with no answer at all (network) gets `offline`.
 */
export function serverMessage(err: unknown, fallback: string, offline = fallback): string {
  if (!(err instanceof Error)) return fallback;
  const match = /^(\d{3}): ([\s\S]*)$/.exec(err.message);
  if (!match) return offline;
  try {
    const body = JSON.parse(match[2] ?? '') as { message?: unknown };
    return typeof body.message === 'string' && body.message ? body.message : fallback;
  } catch {
    return fallback;
  }
}

/** The status code of a failed call, when it had one. */
export function statusOf(err: unknown): number | null {
  const match = err instanceof Error ? /^(\d{3}): /.exec(err.message) : null;
  return match ? Number(match[1]) : null;
}
