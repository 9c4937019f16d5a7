import type { ServerResponse } from 'node:http';

export type HeaderList = readonly (readonly [name: string, value: string])[];

export interface SecurityHeaderOptions {
  /** HSTS only makes sense (and is only honoured) over HTTPS. */
  https: boolean;
  /** Origins remotes are served from when not same-origin: allowed to run scripts and be fetched. */
  remoteOrigins: string[];
  scriptSrc: string[];
  connectSrc: string[];
  frameSrc: string[];
}

/**
 * The headers every gateway response carries, computed once. The CSP keeps scripts to our own
 * origin plus allow-listed remote origins: the module federation runtime loads remote entries as
 * script elements and fetches mf-manifest.json, so it needs script-src and connect-src but no
 * 'unsafe-eval'.
 */
export function securityHeaders(options: SecurityHeaderOptions): HeaderList {
  const join = (...parts: string[][]) => [...new Set(parts.flat())].join(' ');
  const csp = [
    "default-src 'self'",
    `script-src ${join(["'self'"], options.remoteOrigins, options.scriptSrc)}`,
    `connect-src ${join(["'self'"], options.remoteOrigins, options.connectSrc)}`,
    `style-src ${join(["'self'", "'unsafe-inline'"], options.remoteOrigins)}`,
    "img-src 'self' data:",
    `font-src ${join(["'self'", 'data:'], options.remoteOrigins)}`,
    `frame-src ${options.frameSrc.length ? options.frameSrc.join(' ') : "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  const list: [string, string][] = [
    ['Content-Security-Policy', csp],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
  ];
  if (options.https) list.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']);
  return list;
}

/** Lower-cased names of the headers the gateway owns: an upstream's own values are dropped. */
export function ownedHeaderNames(list: HeaderList): Set<string> {
  return new Set([...list.map(([name]) => name.toLowerCase()), 'x-request-id']);
}

export function applyHeaders(res: ServerResponse, list: HeaderList): void {
  for (const [name, value] of list) res.setHeader(name, value);
}
