/**
 * Spec §7 call semantics, in one place for the shell and every remote: session cookies always
 * travel, a body goes as JSON, and any non-success answer becomes an Error whose message is
 * "{status}: {body text or statusText}" so screens can show or match it.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text().catch(() => '')) || res.statusText;
  throw new Error(`${res.status}: ${text}`);
}

export async function apiRequest(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const init: RequestInit = { method, credentials: 'include' };
  if (body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  const res = await fetch(url, init);
  await throwIfNotOk(res);
  return res;
}

/** GET (or any method) and parse the JSON answer; pass a parser (e.g. a zod schema's parse) to check it. */
export async function fetchJson<T = unknown>(
  url: string,
  options: { method?: HttpMethod; body?: unknown; parse?: (data: unknown) => T } = {},
): Promise<T> {
  const res = await apiRequest(options.method ?? 'GET', url, options.body);
  const data: unknown = await res.json();
  return options.parse ? options.parse(data) : (data as T);
}
