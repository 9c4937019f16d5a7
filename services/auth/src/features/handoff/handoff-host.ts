/** "Host:port" or "host" → lower-case hostname without port. */
export function hostnameOf(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  const colon = h.lastIndexOf(':');
  return colon > 0 ? h.slice(0, colon) : h;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Loopback names and *.localhost always (single machine); otherwise only configured hosts. */
export function isHandoffHostAllowed(hostname: string, allowed: readonly string[]): boolean {
  return LOOPBACK.has(hostname) || hostname.endsWith('.localhost') || allowed.includes(hostname);
}

/** The hostname of an Origin header value, or null when absent or not a URL. */
export function originHostname(origin: string | undefined): string | null {
  if (!origin) return null;
  try {
    return new URL(origin).hostname.toLowerCase();
  } catch {
    return null;
  }
}
