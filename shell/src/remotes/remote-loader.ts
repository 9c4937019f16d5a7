import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { fetchJson } from '@noek/ui';
import type { ComponentType } from 'react';
import {
  REMOTES_MANIFEST_PATH,
  remotesManifestSchema,
  type RemoteName,
  type RemoteProps,
  type RemotesManifest,
} from '@noek/contracts';

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

let manifest: Promise<RemotesManifest> | null = null;
const loaded = new Map<RemoteName, RemoteApp>();

/** Fetched once; a failed fetch is forgotten so the next Retry asks again. */
export function fetchRemotesManifest(): Promise<RemotesManifest> {
  manifest ??= fetchJson(REMOTES_MANIFEST_PATH, { parse: (d) => remotesManifestSchema.parse(d) }).catch(
    (err: unknown) => {
      manifest = null;
      throw err;
    },
  );
  return manifest;
}

async function load(key: RemoteName, options: { fresh?: boolean } = {}): Promise<RemoteApp> {
  const { remotes } = await fetchRemotesManifest();
  const name = containerNames[key];
  // Registering one remote at a time keeps each deployable on its own; `force` on a retry makes the
  // runtime forget a manifest or remoteEntry request that never answered.
  registerRemotes([{ name, entry: remotes[key] }], { force: options.fresh === true });
  const mod = await loadRemote<{ default?: RemoteApp }>(`${name}/App`);
  if (!mod?.default) throw new Error(`The ${key} remote has no default export in ./App`);
  loaded.set(key, mod.default);
  return mod.default;
}

export const federationLoader: RemoteLoader = { load, peek: (key) => loaded.get(key) };
