import { isIP } from 'node:net';
import type { RequestHead } from './request-head';

function normalize(ip: string): string {
  // Dual-stack sockets report IPv4 clients as ::ffff:a.b.c.d; key and forward the plain form.
  return ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
}

/**
 * The client's address. With trustedHops = 0 it is the socket's peer, and whatever the client
 * wrote in X-Forwarded-For is ignored. With n trusted proxies in front, it is the entry n places
 * from the right of X-Forwarded-For + peer: the address the outermost trusted proxy saw.
 */
export function clientAddress(req: RequestHead, trustedHops: number): string {
  const peer = normalize(req.socket.remoteAddress ?? '');
  if (trustedHops === 0) return peer;
  const header = req.headers['x-forwarded-for'];
  const chain = typeof header === 'string' ? header.split(',').map((s) => s.trim()) : [];
  chain.push(peer);
  const candidate = chain[Math.max(0, chain.length - 1 - trustedHops)] ?? peer;
  return isIP(candidate) ? normalize(candidate) : peer;
}
