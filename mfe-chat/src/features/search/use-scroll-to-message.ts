import { useEffect, useState } from 'react';
import type { Message } from '@noek/contracts';
import { setScrollTarget, useScrollTarget } from './scroll-target';

/**
 * Scrolls the list to the message a search result named, once it is loaded, and answers its id for a
 * highlight. Called after the list's own stick-to-bottom effect, so this scroll wins on load.
 */
export function useScrollToMessage(
  messages: Message[],
  virtualizer: { scrollToIndex: (index: number, o: { align: 'center' }) => void },
): number | null {
  const target = useScrollTarget();
  const [highlighted, setHighlighted] = useState<number | null>(null);
  useEffect(() => {
    if (!target) return;
    const index = messages.findIndex((m) => m.id === target.messageId);
    if (index === -1) return;
    virtualizer.scrollToIndex(index, { align: 'center' });
    setHighlighted(target.messageId);
    setScrollTarget(null);
  }, [target, messages, virtualizer]);
  return highlighted;
}
