import { useEffect, useState } from 'react';
import { COPY_RESET_MS } from '@noek/contracts';

/** A "copied" flag for a copy button: once set, it falls back to false after COPY_RESET_MS (spec §8). */
export function useCopiedFlag(): [boolean, (copied: boolean) => void] {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_RESET_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return [copied, setCopied];
}
