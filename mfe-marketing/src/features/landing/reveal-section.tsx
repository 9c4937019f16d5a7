import type { ReactNode } from 'react';
import { useReveal } from './use-reveal';

/** A landing section that fades in when it scrolls into view (see use-reveal.ts). */
export function RevealSection({
  id,
  labelledBy,
  className,
  children,
}: {
  id: string;
  labelledBy: string;
  className?: string;
  children: ReactNode;
}) {
  const ref = useReveal<HTMLElement>();
  return (
    <section
      ref={ref}
      id={id}
      aria-labelledby={labelledBy}
      className={`lp-section lp-reveal${className ? ` ${className}` : ''}`}
      data-testid={`landing-${id}`}
    >
      <div className="lp-container">{children}</div>
    </section>
  );
}
