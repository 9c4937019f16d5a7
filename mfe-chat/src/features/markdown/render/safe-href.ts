/**
 * Only these link targets become links: http, https, mailto and same-site paths or fragments.
 * Anything else (javascript:, data:, vbscript:, protocol-relative //host) stays text.
 */
export function safeHref(raw: string): string | null {
  const href = raw.trim();
  // Control characters and whitespace inside a scheme are a classic filter bypass ("java\tscript:").
  // eslint-disable-next-line no-control-regex -- matching control characters is the point here
  if (/[\u0000-\u001f\u007f]/.test(href)) return null;
  if (/^(https?:|mailto:)/i.test(href)) return href;
  if (/^(\/(?![/\\])|#)/.test(href)) return href;
  return null;
}

/** Images are only ever loaded from http(s), and only after a click. */
export function safeImageSrc(raw: string): string | null {
  const href = safeHref(raw);
  return href && /^https?:/i.test(href) ? href : null;
}
