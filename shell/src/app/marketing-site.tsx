import { lazy, Suspense } from 'react';

// Only a company host needs these routes; the chat site's first download leaves them out.
const MarketingRoutes = lazy(() =>
  import('./marketing-routes').then((m) => ({ default: m.MarketingRoutes })),
);

/** Spec §2, company host: the landing page at `/`, a not-found page on every other path. */
export function MarketingSite({ chatUrl }: { chatUrl?: string }) {
  return (
    <Suspense fallback={null}>
      <MarketingRoutes chatUrl={chatUrl} />
    </Suspense>
  );
}
