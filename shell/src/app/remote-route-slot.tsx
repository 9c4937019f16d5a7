import { RemoteSlot } from '../remotes/remote-slot';
import type { RemoteName } from '@noek/contracts';
import { useRemoteProps } from './use-remote-props';
import type { SiteVariant } from './variant';

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
  return <RemoteSlot name={name} props={props} />;
}
