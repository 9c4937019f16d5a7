import { isIP } from 'node:net';

/**
 * True for addresses of the loopback interface (127.0.0.0/8, ::1, and IPv4 loopback mapped into
 * IPv6). Used on socket addresses only: a header can say anything.
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(plain) === 4) return plain.startsWith('127.');
  return plain === '::1';
}
