/**
 * A tiny browser-like client: keeps cookies (honouring Path and Max-Age=0 deletion) and sends the
 * page Origin on every request, as a browser on the product's own origin would.
 */
type Cookie = { value: string; path: string };

export type Answer = { status: number; body: any; text: string; headers: Headers; setCookies: string[] }; // eslint-disable-line @typescript-eslint/no-explicit-any

export function createClient(baseUrl: string, opts: { origin?: string | null } = {}) {
  const jar = new Map<string, Cookie>();
  const origin = opts.origin === undefined ? baseUrl : opts.origin;

  function store(setCookies: string[]) {
    for (const sc of setCookies) {
      const [pair, ...attrs] = sc.split(';').map((s) => s.trim());
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      const path = attrs.find((a) => /^path=/i.test(a))?.slice(5) ?? '/';
      const expired =
        attrs.some((a) => /^max-age=0$/i.test(a)) ||
        attrs.some((a) => /^expires=/i.test(a) && new Date(a.slice(8)).getTime() < Date.now());
      if (expired || value === '') jar.delete(name);
      else jar.set(name, { value, path });
    }
  }

  function cookieHeader(path: string): string {
    return [...jar]
      .filter(([, c]) => path.startsWith(c.path))
      .map(([n, c]) => `${n}=${c.value}`)
      .join('; ');
  }

  async function request(
    method: string,
    path: string,
    body?: unknown,
    extra: { headers?: Record<string, string>; rawBody?: string } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { ...extra.headers };
    const cookie = cookieHeader(path.split('?')[0]!);
    if (cookie) headers.cookie = cookie;
    if (origin && method !== 'GET') headers.origin ??= origin;
    let payload: string | undefined = extra.rawBody;
    if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(baseUrl + path, { method, headers, body: payload, redirect: 'manual' });
    const setCookies = res.headers.getSetCookie();
    store(setCookies);
    const text = await res.text();
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, body: parsed, text, headers: res.headers, setCookies };
  }

  return {
    jar,
    get: (path: string, extra?: Parameters<typeof request>[3]) => request('GET', path, undefined, extra),
    post: (path: string, body?: unknown, extra?: Parameters<typeof request>[3]) =>
      request('POST', path, body, extra),
    request,
    cookie: (name: string) => jar.get(name)?.value,
    setCookie: (name: string, value: string, path = '/') => jar.set(name, { value, path }),
    clear: () => jar.clear(),
  };
}
export type TestClient = ReturnType<typeof createClient>;
