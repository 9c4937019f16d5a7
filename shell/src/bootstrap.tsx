import { startTransition } from 'react';
import type { Root } from 'react-dom/client';
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

/** How long the first paint's downloads are given before deferred work (the config check) starts. */
const FIRST_PAINT_SETTLED_MS = 2_000;

function afterFirstPaint(task: () => void): void {
  setTimeout(() => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 3_000 });
    else task();
  }, FIRST_PAINT_SETTLED_MS);
}

function render(root: Root, config: ShellConfig): void {
  let variant;
  try {
    variant = pickVariant(window.location.hostname, config);
  } catch {
    return render(root, fallbackShellConfig); // a malformed host list: the defaults
  }
  applySiteMeta(variant);
  // A transition: React renders in slices of a few ms and lets the browser answer input in
  // between (a render at the default priority does not yield): total blocking time.
  startTransition(() => root.render(<ShellApp variant={variant} config={config} />));
}

/**
 * The first paint needs no zod and no react-query (initial JS): the config renders as
 * fetched (our own gateway serves it from validated settings) and is checked against the contract
 * once the page is idle; a stored user is checked before (the signed-in screens need zod anyway).
 * react-dom/client (the largest module to start, ~10 ms on a phone before its 4x slowdown) is
 * imported here, beside the config fetch, rather than with this chunk: its start-up is a task of its
 * own, not part of this chunk's (the landing page's total blocking time). index.html
 * preloads it all the same (packages/ui/build/preload.mjs).
 */
async function start(): Promise<void> {
  // Start fetching the remotes manifest now; the slots wait on it (and retry it) themselves.
  fetchRemotesManifest().catch(() => undefined);
  applyTheme(useThemeStore.getState().theme);
  const [config, { createRoot }] = await Promise.all([
    loadShellConfig(),
    import('react-dom/client'),
    hydrateSession(),
  ]);
  const el = document.getElementById('root');
  if (!el) throw new Error('index.html has no #root');
  const root = createRoot(el);
  render(root, config);
  // The contract check (zod/mini) waits until the first paint's downloads are over and
  // the page is idle: it is never in the first paint's way. A bad config then falls back to the defaults.
  afterFirstPaint(
    () =>
      void checkShellConfig(config).then((checked) => {
        if (checked !== config) render(root, checked);
      }),
  );
}

void start();
