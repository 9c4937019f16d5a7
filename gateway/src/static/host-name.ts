/** Lower-case hostname without port, brackets or trailing dot: how hosts are compared. */
export function normalizeHostName(host: string): string {
  let h = host.trim().toLowerCase();
  if (h.startsWith('[')) h = h.slice(1, h.indexOf(']') === -1 ? undefined : h.indexOf(']'));
  else if (h.split(':').length === 2) h = h.slice(0, h.indexOf(':'));
  return h.replace(/\.$/, '');
}
