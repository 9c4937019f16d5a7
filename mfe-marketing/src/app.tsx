import { useLayoutEffect } from 'react';
import type { RemoteProps } from '@noek/contracts';
import { LandingPage } from './features/landing/landing-page';
import './features/landing/landing.css';

/** Id of the landing page the server put in the HTML (prerendered at build, see features/landing/prerender.tsx). */
export const PRERENDER_ID = 'noek-prerender';

/**
 * Exposed as ./App: the company landing page, the whole marketing site at `/`. The server's
 * prerendered copy shows until this mounts; it is removed before the browser paints this one, so
 * the page never blinks.
 */
export default function MarketingApp({ user, siteUrls, host }: RemoteProps) {
  useLayoutEffect(() => {
    document.getElementById(PRERENDER_ID)?.remove();
  }, []);
  return (
    <div data-testid="mfe-marketing">
      <LandingPage
        user={user}
        chatUrl={siteUrls.chat ?? '/'}
        openSite={host.openSite}
        onLogout={host.signOut}
      />
    </div>
  );
}
