/** Text put into an HTML mail: the five characters HTML gives meaning to become character references. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
