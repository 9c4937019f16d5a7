import { useEffect, useMemo, useState } from 'react';

/** Spec §2 and §9: the confetti lasts 3 seconds with 50 icons. */
export const CONFETTI_MS = 3000;
export const CONFETTI_ICONS = 50;
// Plain glyphs with colours: every system font has them (emoji fonts are not everywhere).
const icons = ['★', '●', '◆', '▲', '✦'];
const colours = ['#6366f1', '#f59e0b', '#10b981', '#ec4899', '#0ea5e9'];

export function Confetti() {
  const [on, setOn] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setOn(false), CONFETTI_MS);
    return () => clearTimeout(timer);
  }, []);
  const pieces = useMemo(
    () =>
      Array.from({ length: CONFETTI_ICONS }, (_, i) => ({
        icon: icons[i % icons.length],
        color: colours[(i * 3) % colours.length],
        left: `${(i * 37) % 100}%`,
        delay: `${(i % 10) * 0.12}s`,
      })),
    [],
  );
  if (!on) return null;
  return (
    <div className="billing-confetti" aria-hidden="true" data-testid="confetti">
      {pieces.map((p, i) => (
        <span
          key={i}
          className="billing-confetti__icon"
          style={{ left: p.left, color: p.color, animationDelay: p.delay }}
        >
          {p.icon}
        </span>
      ))}
    </div>
  );
}
