import type { Browser } from 'playwright-core';

/**
 * Debian's Chromium, headless, as root on a closed network: without the background-networking flags it
 * keeps trying hosts it cannot reach. Playwright gives every launch a fresh temporary profile.
 */
export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchChromium(executablePath: string): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath, args: chromiumFlags });
}
