import { createContext, createElement, useContext, useEffect, useState, type ReactNode } from 'react';
import { ErrorBoundary } from '@noek/ui';
import type { RemoteName, RemoteProps } from '@noek/contracts';
import { federationLoader, type RemoteApp, type RemoteLoader } from './remote-loader';
import { RemoteFallback, RemoteLoading } from './remote-fallback';
import { withTimeout } from './with-timeout';

/** How long a remote may take to load before the fallback shows (a silent server must not hang the page). */
export const REMOTE_LOAD_TIMEOUT_MS = 8000;

/** The outcome of one load attempt; `key` ties it to the remote and attempt it answers. */
type Settled = { key: string; App?: RemoteApp; error?: Error };

/** Which loader slots use; tests and stories swap the federation runtime for their own. */
export const RemoteLoaderContext = createContext<RemoteLoader>(federationLoader);

export interface RemoteSlotProps {
  name: RemoteName;
  props: RemoteProps;
  loader?: RemoteLoader;
  timeoutMs?: number;
  /**
   * What the page shows when this remote failed, given the default fallback: e.g. the shell's header
   * above it, or nothing where the page already shows what the remote would have.
   */
  frameFallback?: (fallback: ReactNode) => ReactNode;
}

const asIs = (fallback: ReactNode) => fallback;

const asError = (e: unknown) => (e instanceof Error ? e : new Error(String(e)));

/**
 * Loads one remote's ./App with a time limit and renders it inside an error boundary. Load
 * failures, timeouts and render crashes all end in the same fallback with a 'Retry' button.
 */
export function RemoteSlot({
  name,
  props,
  loader: loaderProp,
  timeoutMs = REMOTE_LOAD_TIMEOUT_MS,
  frameFallback = asIs,
}: RemoteSlotProps) {
  const contextLoader = useContext(RemoteLoaderContext);
  const loader = loaderProp ?? contextLoader;
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled | null>(null);
  const key = `${name}#${attempt}`;
  // A remote loaded before (another route, a view toggle) renders at once, with no loading flash.
  const cached = attempt === 0 ? loader.peek(name) : undefined;

  useEffect(() => {
    if (cached) return;
    let current = true;
    withTimeout(loader.load(name, { fresh: attempt > 0 }), timeoutMs, `The ${name} remote`).then(
      (App) => current && setSettled({ key, App }),
      (err: unknown) => {
        console.error(`Remote ${name} failed to load`, err);
        if (current) setSettled({ key, error: asError(err) });
      },
    );
    return () => {
      current = false;
    };
  }, [key, name, attempt, cached, loader, timeoutMs]);

  const retry = () => setAttempt((a) => a + 1);

  const result = settled?.key === key ? settled : undefined;
  const App = cached ?? result?.App;
  const fallback = (error: Error) =>
    frameFallback(<RemoteFallback name={name} error={error} onRetry={retry} />);
  if (result?.error) return fallback(result.error);
  if (!App) return <RemoteLoading name={name} />;
  return (
    <ErrorBoundary
      resetKeys={[name, attempt]}
      onError={(err) => console.error(`Remote ${name} crashed`, err)}
      fallback={fallback}
    >
      {/* createElement: the component comes from the federation runtime, not from this module. */}
      {createElement(App, props)}
    </ErrorBoundary>
  );
}
