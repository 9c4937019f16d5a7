import { useSyncExternalStore } from 'react';

/**
 * The message a search result asked to show, read by the message list once that conversation's messages
 * are in. Kept outside the URL so opening a result is the ordinary navigation to /chat/:id.
 */
let target: { conversationId: number; messageId: number } | null = null;
const listeners = new Set<() => void>();

export function setScrollTarget(next: typeof target): void {
  target = next;
  for (const l of listeners) l();
}

export function useScrollTarget() {
  return useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    () => target,
  );
}
