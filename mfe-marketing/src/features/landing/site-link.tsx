import type { MouseEvent, ReactNode } from 'react';

export type OpenSite = (url: string) => void;

/**
 * A link to the chat site. A plain click goes through the host's `openSite` (which adds the signed
 * handoff while signed in); a new-tab click, or no script yet (prerendered page), follows the href.
 */
export function SiteLink({
  href,
  openSite,
  className,
  testId,
  children,
}: {
  href: string;
  openSite?: OpenSite;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!openSite || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    openSite(href);
  };
  return (
    <a href={href} className={className} data-testid={testId} onClick={onClick}>
      {children}
    </a>
  );
}
