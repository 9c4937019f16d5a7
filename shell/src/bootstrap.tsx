import { createRoot } from 'react-dom/client';
import { applyTheme, useThemeStore } from '@noek/ui';
import '@noek/ui/styles/base.css';
import './shell.css';
import { loadShellConfig } from './app/runtime-config';
import { ShellApp } from './app/shell-app';
import { applySiteMeta } from './app/site-meta';
import { pickVariant } from './app/variant';
import { fetchRemotesManifest } from './remotes/remote-loader';

async function start(): Promise<void> {
  // Start fetching the remotes manifest now; the slots wait on it (and retry it) themselves.
  fetchRemotesManifest().catch(() => undefined);
  applyTheme(useThemeStore.getState().theme);
  const config = await loadShellConfig();
  const variant = pickVariant(window.location.hostname, config);
  applySiteMeta(variant);
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  createRoot(root).render(<ShellApp variant={variant} config={config} />);
}

void start();
