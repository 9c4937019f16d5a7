import type { ApiError, ApiRoute, RouteContract, RouteRequest, RouteResult } from '@noek/contracts';
import { routePath } from '@noek/contracts/route-paths';
import { isRecoverableRoute, recoverSession } from './session-recovery';

/**
 * The one HTTP client of the shell and every remote, built on contracts' `apiRoutes` (spec §7):
 * session cookies always travel, a body goes as JSON, and any non-success answer becomes an
 * `ApiError` (contracts) whose message is "{status}: {body text or statusText}". A call that never
 * reached the server (offline, DNS, refused) is a `NetworkError`: spec §8 has its own messages for it.
 *
 * `api(entry, …)` takes a contracts route entry (`apiRoutes.x.y`): its method, its `:params` and its
 * answer's parsing all come from the entry, and the result is typed by it. Zod stays out of the first
 * paint: this file only imports types and the zod-free path helper; the entry (with its schemas) is the
 * caller's import, and the error envelope's parser loads only when an error answer arrives.
 */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

export type QueryValue = string | number | boolean | undefined;

export interface ApiCallOptions {
  /** Fills the route's `:name` params. */
  params?: Record<string, string | number>;
  /** Query string; undefined values are left out. */
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  cache?: RequestCache;
}

/** The URL of a call: the route's path with its params filled, then the query string. */
export function apiUrl(route: ApiRoute, params?: ApiCallOptions['params'], query?: ApiCallOptions['query']) {
  const path = routePath(route, params);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined) search.set(key, String(value));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

function requestInit(route: ApiRoute, options: ApiCallOptions): RequestInit {
  const hasBody = options.body !== undefined;
  const headers = { ...(hasBody ? { 'Content-Type': 'application/json' } : {}), ...options.headers };
  return {
    method: route.method,
    credentials: 'include',
    headers: Object.keys(headers).length > 0 ? headers : undefined,
    body: hasBody ? JSON.stringify(options.body) : undefined,
    signal: options.signal,
    cache: options.cache,
  };
}

/** The ApiError of a non-success answer (contracts' envelope parser loads only now). */
export async function errorFromResponse(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  const { apiError } = await import('@noek/contracts');
  return apiError(res.status, text, res.statusText);
}

async function send(route: ApiRoute, options: ApiCallOptions): Promise<Response> {
  try {
    return await fetch(apiUrl(route, options.params, options.query), requestInit(route, options));
  } catch (err) {
    if (options.signal?.aborted) throw err; // detached on purpose: not a network failure
    throw new NetworkError(err instanceof Error ? err.message : 'network error');
  }
}

/**
 * Sends a call; answers the Response of a success (streams read it), throws ApiError / NetworkError.
 * A 401 outside auth's own calls asks the shell to renew the session (session-recovery.ts) and, when it
 * could, sends the call once more: nothing the user did is lost to an access token that just expired.
 */
export async function apiSend(route: ApiRoute, options: ApiCallOptions = {}): Promise<Response> {
  let res = await send(route, options);
  if (res.status === 401 && isRecoverableRoute(route.path) && (await recoverSession())) {
    await res.body?.cancel();
    res = await send(route, options);
  }
  if (!res.ok) throw await errorFromResponse(res);
  return res;
}

type Needs<K extends string, T> = [T] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: T };

/** A call's options, typed by its entry: params and body are required when the entry declares them. */
export type ApiOptions<E extends RouteContract> = Needs<'params', RouteRequest<E>['params']> &
  Needs<'body', RouteRequest<E>['body']> & {
    query?: RouteRequest<E>['query'];
    headers?: Record<string, string>;
    signal?: AbortSignal;
    cache?: RequestCache;
  };

/** Options may be left out when nothing in them is required (no params, no body). */
type MaybeOptions<E extends RouteContract> =
  Record<never, never> extends ApiOptions<E> ? [options?: ApiOptions<E>] : [options: ApiOptions<E>];

/**
 * Calls a contracts route entry: `api(apiRoutes.conversations.update, { params: { id }, body: { title } })`.
 * Answers the entry's parsed response (its `response` schema), or nothing for a route without one.
 */
export async function api<E extends RouteContract>(
  entry: E,
  ...[options]: MaybeOptions<E>
): Promise<RouteResult<E>> {
  const o = (options ?? {}) as ApiCallOptions;
  const res = await apiSend(entry, o);
  if (!entry.response) {
    await res.body?.cancel();
    return undefined as RouteResult<E>;
  }
  const text = await res.text();
  return entry.response.parse(text ? JSON.parse(text) : undefined) as RouteResult<E>;
}

/** Sends a call and checks its JSON answer with `parse` (a contracts schema's parse). */
export async function apiCall<T>(
  route: ApiRoute,
  options: ApiCallOptions & { parse: (data: unknown) => T },
): Promise<T> {
  const res = await apiSend(route, options);
  const text = await res.text();
  return options.parse(text ? JSON.parse(text) : undefined);
}

/** Sends a call whose answer the caller does not need. */
export async function apiVoid(route: ApiRoute, options: ApiCallOptions = {}): Promise<void> {
  await apiSend(route, options);
}

/** True for the client's ApiError (checked by name: the class itself loads with the first error). */
export function isApiError(err: unknown): err is ApiError {
  return err instanceof Error && err.name === 'ApiError';
}

/** The text a UI shows for a failed call: the server's message when it sent one, else `fallback`. */
export function serverMessage(err: unknown, fallback: string): string {
  return isApiError(err) && err.body ? err.body.message : fallback;
}

/** The raw JSON of an error answer (fields like emailNotVerified that the envelope schema drops). */
export function errorJson(err: unknown): Record<string, unknown> | null {
  if (!isApiError(err)) return null;
  try {
    const parsed: unknown = JSON.parse(err.bodyText);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
