import { remoteNames, type RemoteName, type RemotesManifest, type ShellConfig } from '@noek/contracts';

/** GET /remotes-manifest.json: same-origin paths unless a remote is configured elsewhere. */
export function remotesManifest(remoteUrls: Partial<Record<RemoteName, string>>): RemotesManifest {
  const url = (name: RemoteName) => remoteUrls[name] ?? `/remotes/${name}/mf-manifest.json`;
  return {
    remotes: { chat: url('chat'), admin: url('admin'), billing: url('billing'), marketing: url('marketing') },
  };
}

/** Origins of remotes served from elsewhere: they must be allowed to run scripts and be fetched. */
export function remoteOrigins(remoteUrls: Partial<Record<RemoteName, string>>): string[] {
  const origins = new Set<string>();
  for (const name of remoteNames) {
    const url = remoteUrls[name];
    if (url && /^https?:\/\//i.test(url)) origins.add(new URL(url).origin);
  }
  return [...origins];
}

/** GET /config.json: the shell's runtime configuration (contracts shellConfigSchema). */
export function shellConfig(options: {
  marketingHosts: string[];
  chatHosts: string[];
  version: string;
  chatSiteUrl?: string;
  marketingSiteUrl?: string;
}): ShellConfig {
  const config: ShellConfig = {
    marketingHosts: options.marketingHosts,
    chatHosts: options.chatHosts,
    version: options.version,
  };
  if (options.chatSiteUrl) config.chatUrl = options.chatSiteUrl;
  if (options.marketingSiteUrl) config.marketingUrl = options.marketingSiteUrl;
  return config;
}
