import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { apiCall } from '@noek/ui';
import { markRemoteRetry, retryPlugin } from './retry-plugin';
import type { ComponentType } from 'react';
import type { RemoteName, RemoteProps, RemotesManifest } from '@noek/contracts';
import { REMOTES_MANIFEST_PATH } from '@noek/contracts/frontend-paths';

export type RemoteApp = ComponentType<RemoteProps>;

/** Container names the remotes are built with (their rspack.config.mjs `name`). */
export const containerNames: Record<RemoteName, string> = {
  chat: 'noek_chat',
  admin: 'noek_admin',
  billing: 'noek_billing',
  marketing: 'noek_marketing',
};

export interface RemoteLoader {
  /** `fresh` drops what the runtime cached for this remote (a hung or failed earlier attempt). */
  load: (key: RemoteName, options?: { fresh?: boolean }) => Promise<RemoteApp>;
  /** A remote already loaded, to render it at once without a loading flash. */
  peek: (key: RemoteName) => RemoteApp | undefined;
}

let manifestJson: Promise<unknown> | null = null;
const loaded = new Map<RemoteName, RemoteApp>();

/**
 * Fetched once, early (the boot starts it), as plain JSON; a failed fetch is forgotten so the next
 * Retry asks again. Checked against contracts' schema when a remote is loaded, not in the first paint
 * (and with the boot files' schemas alone: the package root would build every schema first).
 */
export function fetchRemotesManifest(): Promise<unknown> {
  manifestJson ??= apiCall({ method: 'GET', path: REMOTES_MANIFEST_PATH }, { parse: (d) => d }).catch(
    (err: unknown) => {
      manifestJson = null;
      throw err;
    },
  );
  return manifestJson;
}

async function remotesManifest(): Promise<RemotesManifest> {
  const [json, { remotesManifestSchema }] = await Promise.all([
    fetchRemotesManifest(),
    import('@noek/contracts/boot-schemas'),
  ]);
  return remotesManifestSchema.parse(json);
}

let retries = 0;
let pluginRegistered = false;

/** A distinct manifest URL per retry: the runtime keeps URL-keyed promises of an attempt that hung. */
function retryUrl(url: string): string {
  markRemoteRetry(url);
  return `${url}${url.includes('?') ? '&' : '?'}retry=${++retries}`;
}

async function load(key: RemoteName, options: { fresh?: boolean } = {}): Promise<RemoteApp> {
  const { remotes } = await remotesManifest();
  if (!pluginRegistered) {
    registerPlugins([retryPlugin]);
    pluginRegistered = true;
  }
  const name = containerNames[key];
  const fresh = options.fresh === true;
  // One remote at a time, so each deploys on its own. A retry re-registers it (`force` drops the
  // runtime's name-keyed caches) under fresh URLs (drops the URL-keyed ones; see retry-plugin).
  registerRemotes([{ name, entry: fresh ? retryUrl(remotes[key]) : remotes[key] }], { force: fresh });
  const mod = await loadRemote<{ default?: RemoteApp }>(`${name}/App`);
  if (!mod?.default) throw new Error(`The ${key} remote has no default export in ./App`);
  loaded.set(key, mod.default);
  return mod.default;
}

export const federationLoader: RemoteLoader = { load, peek: (key) => loaded.get(key) };
