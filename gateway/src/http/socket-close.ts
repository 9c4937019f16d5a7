import type { Socket } from 'node:net';

/** Per connection, what to tell when it closes: one listener on the socket however many requests wait. */
const waiting = new WeakMap<Socket, Set<() => void>>();

function closed(this: Socket): void {
  const set = waiting.get(this);
  waiting.delete(this);
  for (const f of set ?? []) f();
}

/**
 * Calls `f` once when `socket` closes; returns the function that takes it back. node:http never closes a
 * response queued behind another when a pipelined connection goes: its request learns it here, without a
 * listener per request on the socket (a pipelining client would pile them up).
 */
export function onSocketClose(socket: Socket, f: () => void): () => void {
  let set = waiting.get(socket);
  if (!set) {
    waiting.set(socket, (set = new Set()));
    socket.once('close', closed);
  }
  set.add(f);
  return () => set.delete(f);
}
