import type { ReactNode } from 'react';
import type { RemoteName, RemoteProps } from '@noek/contracts';
import { RemoteSlot } from '../remotes/remote-slot';
import { ShellHeader } from './shell-header';
import { useRemoteProps } from './use-remote-props';
import type { SiteVariant } from './variant';

/**
 * Id of the landing page the server puts in the HTML before any script (gateway
 * static/marketing-document.ts and mfe-marketing's app.tsx name it too).
 */
export const PRERENDER_ID = 'noek-prerender';

/**
 * What a failed remote leaves on the page, for that remote only:
 * - a remote that draws the whole signed-in page (chat, admin, subscription) takes its header with it:
 *   the shell's header goes above the fallback, so the user can still sign out;
 * - the landing page the server prerendered is still there and works (plain links): no fallback box
 *   under it, the landing simply stays as served;
 * - anything else (billing's part of the account screen) shows the fallback in its own area.
 */
export function fallbackFrame(
  name: RemoteName,
  props: RemoteProps,
  screen: string | undefined,
): ((fallback: ReactNode) => ReactNode) | undefined {
  // Asked when the failure happens: once the remote has mounted, the prerendered copy is gone.
  if (name === 'marketing') return (fallback) => (document.getElementById(PRERENDER_ID) ? null : fallback);
  if (props.site === 'chat' && props.user && screen !== 'account')
    return (fallback) => (
      <>
        <ShellHeader name={name} props={props} />
        {fallback}
      </>
    );
  return undefined;
}

/** Mounts one remote for a route; `screen` tells a remote with several screens which one (e.g. billing). */
export function RemoteRouteSlot({
  name,
  site,
  screen,
}: {
  name: RemoteName;
  site: SiteVariant;
  screen?: string;
}) {
  const props = useRemoteProps(site, screen);
  return <RemoteSlot name={name} props={props} frameFallback={fallbackFrame(name, props, screen)} />;
}
