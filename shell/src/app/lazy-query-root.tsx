import { lazy, Suspense, type ReactNode } from 'react';

const QueryRoot = lazy(() => import('./query-root'));

/** `QueryRoot` on demand: react-query downloads with the first screen that uses it. */
export function WithQueries({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <QueryRoot>{children}</QueryRoot>
    </Suspense>
  );
}
