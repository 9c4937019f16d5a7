import { STATUS_CODES } from 'node:http';
import type { HeaderList } from '../security/security-headers';

/**
 * The parts of every response head the wire path writes, as text made once: the gateway's security
 * headers, and the connection headers node:http would send (keep-alive with its timeout, or close).
 */
export interface ResponseText {
  securityLines: string;
  keepAliveLines: string;
  closeLines: string;
}

export function responseText(security: HeaderList, keepAliveTimeoutMs: number): ResponseText {
  return {
    securityLines: security.map(([name, value]) => `${name}: ${value}\r\n`).join(''),
    keepAliveLines: `Connection: keep-alive\r\nKeep-Alive: timeout=${Math.floor(keepAliveTimeoutMs / 1000)}\r\n`,
    closeLines: 'Connection: close\r\n',
  };
}

export function statusLine(status: number, reason = STATUS_CODES[status] ?? 'Unknown'): string {
  return `HTTP/1.1 ${status} ${reason}\r\n`;
}

let dateSecond = -1;
let dateLine = '';

/** `Date: ...` for now, made at most once a second (as node:http does). */
export function dateHeaderLine(): string {
  const now = Date.now();
  const second = Math.floor(now / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    dateLine = `Date: ${new Date(now).toUTCString()}\r\n`;
  }
  return dateLine;
}
