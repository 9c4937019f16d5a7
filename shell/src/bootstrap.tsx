import { createRoot, type Root } from 'react-dom/client';
import type { ShellConfig } from '@noek/contracts';
import { applyTheme, useThemeStore } from '@noek/ui';
import '@noek/ui/styles/base.css';
import './shell.css';
import { checkShellConfig, fallbackShellConfig, loadShellConfig } from './app/runtime-config';
import { ShellApp } from './app/shell-app';
import { applySiteMeta } from './app/site-meta';
import { pickVariant } from './app/variant';
import { hydrateSession } from './features/auth/session.store';
import { fetchRemotesManifest } from './remotes/remote-loader';

function render(root: Root, config: ShellConfig): void {
  let variant;
  try {
    variant = pickVariant(window.location.hostname, config);
  } catch {
    return render(root, fallbackShellConfig); // a malformed host list: the defaults
  }
  applySiteMeta(variant);
  root.render(<ShellApp variant={variant} config={config} />);
}

/**
 * The first paint needs no zod and no react-query (issue 9: initial JS): the config renders as
 * fetched and is checked against the contract right after; a stored user is checked before (the
 * signed-in screens need the contracts anyway).
 */
async function start(): Promise<void> {
  // Start fetching the remotes manifest now; the slots wait on it (and retry it) themselves.
  fetchRemotesManifest().catch(() => undefined);
  applyTheme(useThemeStore.getState().theme);
  const [config] = await Promise.all([loadShellConfig(), hydrateSession()]);
  const el = document.getElementById('root');
  if (!el) throw new Error('index.html has no #root');
  const root = createRoot(el);
  render(root, config);
  const checked = await checkShellConfig(config);
  if (checked !== config) render(root, checked);
}

void start();
