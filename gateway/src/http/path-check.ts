/**
 * Splits a request target into path and query and refuses the shapes a proxy must not pass on:
 * absolute-form targets, protocol-relative `//x`, backslashes, dot segments (also encoded as
 * %2e), encoded slashes or NULs inside a segment, and broken percent-encoding. A service behind
 * may normalise such paths differently from our prefix match (`/api/auth/../admin`).
 */
export function splitTarget(target: string): { path: string; query: string } | undefined {
  if (target.charCodeAt(0) !== 47 /* / */ || target.charCodeAt(1) === 47) return undefined;
  const q = target.indexOf('?');
  const path = q === -1 ? target : target.slice(0, q);
  const query = q === -1 ? '' : target.slice(q);
  if (path.includes('\\')) return undefined;
  // Most API paths have neither '%' nor '.': skip the per-segment work for them.
  if (path.includes('%') || path.includes('.')) {
    for (const segment of path.split('/')) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        return undefined;
      }
      if (decoded === '.' || decoded === '..') return undefined;
      if (decoded !== segment && /[/\\\0]/.test(decoded)) return undefined;
    }
  }
  return { path, query };
}

/** True for `/api` and everything under it, compared case-insensitively so `/API/x` is not a page. */
export function isApiPath(path: string): boolean {
  if (path.length < 4) return false;
  const head = path.slice(0, 5).toLowerCase();
  return head === '/api/' || (head === '/api' && path.length === 4);
}
