import {
  SESSION_INTROSPECTION_BATCH_MAX,
  sessionBatchIntrospectionResponseSchema,
  sessionBatchIntrospectionRoute,
  sessionIntrospectionResponseSchema,
  sessionIntrospectionRoute,
  type SessionIntrospection,
} from '@noek/contracts';

/** Auth's verdict on a token, or undefined when auth could not be asked (down, slow, odd answer). */
export type IntrospectSession = (token: string) => Promise<SessionIntrospection | undefined>;
/** Auth's verdicts on many tokens, in order; undefined for those auth could not be asked about. */
export type IntrospectSessions = (tokens: readonly string[]) => Promise<(SessionIntrospection | undefined)[]>;

/**
 * How long one verdict is reused: well under the second in which a sign-out or ban must take effect
 * with NATS down, and enough that a browser's burst of calls costs auth one read.
 */
export const INTROSPECTION_CACHE_MS = 250;

export interface SessionIntrospectionOptions {
  /** auth's base URL (its own port: the gateway does not route /internal). */
  authUrl: string;
  /** Bound on one call: past it the caller keeps to the revocations it knows. */
  timeoutMs?: number;
  cacheMs?: number;
  now?: () => number;
  /** Bound on the verdicts kept (the oldest go first). */
  maxEntries?: number;
}

/** One POST to auth, its answer parsed by `schema`; undefined when auth is down, slow or answers oddly. */
async function askAuth<T>(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
  timeoutMs = 1_000,
): Promise<T | undefined> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) return undefined;
    const parsed = schema.safeParse(await res.json());
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Asks auth whether it accepts a token now (sessionIntrospectionRoute), over fetch (undici). One call
 * per token at a time (concurrent askers share it); each verdict kept INTROSPECTION_CACHE_MS.
 */
export function createSessionIntrospection(o: SessionIntrospectionOptions): IntrospectSession {
  const now = o.now ?? Date.now;
  const cacheMs = o.cacheMs ?? INTROSPECTION_CACHE_MS;
  const maxEntries = o.maxEntries ?? 10_000;
  const url = new URL(sessionIntrospectionRoute.path, o.authUrl).toString();
  const verdicts = new Map<string, { at: number; verdict: Promise<SessionIntrospection | undefined> }>();
  const ask = (token: string) =>
    askAuth(
      url,
      { method: sessionIntrospectionRoute.method, headers: { authorization: `Bearer ${token}` } },
      sessionIntrospectionResponseSchema,
      o.timeoutMs,
    );
  return (token) => {
    const at = now();
    const hit = verdicts.get(token);
    if (hit && at - hit.at < cacheMs) return hit.verdict;
    if (verdicts.size >= maxEntries) {
      for (const [key, entry] of verdicts) if (at - entry.at >= cacheMs) verdicts.delete(key);
      if (verdicts.size >= maxEntries) verdicts.delete(verdicts.keys().next().value!);
    }
    const verdict = ask(token);
    verdicts.set(token, { at, verdict });
    return verdict;
  };
}

/**
 * Asks auth about many tokens (sessionBatchIntrospectionRoute), SESSION_INTROSPECTION_BATCH_MAX per call:
 * a stale verifier's sweep of the tokens behind its open streams and live replies. No cache: a sweep wants
 * what auth says now.
 */
export function createSessionsIntrospection(
  o: Pick<SessionIntrospectionOptions, 'authUrl' | 'timeoutMs'>,
): IntrospectSessions {
  const url = new URL(sessionBatchIntrospectionRoute.path, o.authUrl).toString();
  const askMany = async (tokens: readonly string[]): Promise<(SessionIntrospection | undefined)[]> => {
    const answer = await askAuth(
      url,
      {
        method: sessionBatchIntrospectionRoute.method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ tokens }),
      },
      sessionBatchIntrospectionResponseSchema,
      o.timeoutMs,
    );
    return answer?.verdicts.length === tokens.length ? answer.verdicts : tokens.map(() => undefined);
  };
  return async (tokens) => {
    const batches: string[][] = [];
    for (let i = 0; i < tokens.length; i += SESSION_INTROSPECTION_BATCH_MAX)
      batches.push(tokens.slice(i, i + SESSION_INTROSPECTION_BATCH_MAX));
    return (await Promise.all(batches.map(askMany))).flat();
  };
}

/** Both ways of asking auth, for a RevocationList's options; none without auth's URL. */
export function sessionIntrospectionFor(authUrl: string | undefined): {
  introspect?: IntrospectSession;
  introspectMany?: IntrospectSessions;
} {
  if (!authUrl) return {};
  return {
    introspect: createSessionIntrospection({ authUrl }),
    introspectMany: createSessionsIntrospection({ authUrl }),
  };
}
