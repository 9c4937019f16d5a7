import { isIP } from 'node:net';
import type { RequestHead } from '../http/request-head';

/** Paths only this machine may reach: the dev mailbox shows every user's reset links. */
const LOOPBACK_ONLY_PREFIXES = ['/api/auth/dev/'];

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  return isIP(plain) === 4 ? plain.startsWith('127.') : plain === '::1';
}

/**
 * True when the request may not reach `path`: a loopback-only path asked over a socket whose peer is
 * not on the loopback interface. The socket's address only, never X-Forwarded-For: behind a proxy on
 * this machine every client looks local, which is why the mailbox is off whenever SMTP is set and
 * docs/security.md says to set SMTP_URL before exposing the product.
 */
export function refusedAsNotLocal(req: RequestHead, path: string): boolean {
  if (!LOOPBACK_ONLY_PREFIXES.some((p) => path.startsWith(p))) return false;
  return !isLoopback(req.socket.remoteAddress);
}
