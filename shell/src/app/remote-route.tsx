import { lazy, Suspense } from 'react';
import type { RemoteName } from '@noek/contracts';
import type { SiteVariant } from './variant';

// The remote machinery (slot, fallback, retry, host API) loads with the first remote shown, not
// with the signed-out `/`, which mounts no remote: a smaller first download (load/bench-bundles.ts).
const RemoteRouteSlot = lazy(() =>
  import('./remote-route-slot').then((m) => ({ default: m.RemoteRouteSlot })),
);

export interface RemoteRouteProps {
  name: RemoteName;
  site: SiteVariant;
  /** Tells a remote with several screens which one to show (e.g. billing). */
  screen?: string;
}

/** Mounts one remote for a route. */
export function RemoteRoute(props: RemoteRouteProps) {
  return (
    <Suspense fallback={null}>
      <RemoteRouteSlot {...props} />
    </Suspense>
  );
}
