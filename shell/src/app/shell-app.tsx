import { lazy, Suspense, useState } from 'react';
import { BrowserRouter, useLocation } from 'react-router-dom';
import type { ShellConfig } from '@noek/contracts';
import { Toaster } from '@noek/ui';
import { useSessionStore } from '../features/auth/session.store';
import { ChatSite } from './chat-site';
import { WithQueries } from './lazy-query-root';
import { MarketingSite } from './marketing-site';
import { ShellConfigContext } from './shell-config-context';
import type { SiteVariant } from './variant';

const SessionSync = lazy(() =>
  import('../features/auth/session-sync').then((m) => ({ default: m.SessionSync })),
);

export interface ShellAppProps {
  variant: SiteVariant;
  config: ShellConfig;
}

/**
 * SessionSync has work only with a session to keep or a handoff in the URL: a signed-out visit
 * (the sign-in screen's first paint) does not download it, nor the schemas it uses.
 */
function SessionSyncWhenNeeded() {
  const signedIn = useSessionStore((s) => s.user !== null);
  const handoff = new URLSearchParams(useLocation().search).has('auth_action');
  // Once mounted it stays: a handoff cleans its parameters from the URL while it may still be asking
  // (the switch-account prompt) with no stored user yet.
  const [stays, setStays] = useState(false);
  const needed = signedIn || handoff;
  if (needed && !stays) setStays(true);
  if (!needed && !stays) return null;
  return (
    <Suspense fallback={null}>
      <SessionSync />
    </Suspense>
  );
}

/** Providers shared by every remote (router, toaster; the query cache where needed) around the variant. */
export function ShellApp({ variant, config }: ShellAppProps) {
  return (
    <ShellConfigContext.Provider value={config}>
      <BrowserRouter>
        <SessionSyncWhenNeeded />
        {variant === 'marketing' ? (
          <WithQueries>
            <MarketingSite chatUrl={config.chatUrl} />
          </WithQueries>
        ) : (
          <ChatSite />
        )}
      </BrowserRouter>
      <Toaster />
    </ShellConfigContext.Provider>
  );
}
