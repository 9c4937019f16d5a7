/** Headless Debian Chromium for the journeys (playwright-core drives it; no browser download). */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { e2eEnv } from './config';

export type Session = {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  errors: string[];
  close(): Promise<void>;
};

export async function openBrowser(): Promise<Session> {
  const env = e2eEnv();
  const browser = await launchChromium(env.CHROMIUM_PATH);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    // With the URL: Chromium's "Failed to load resource: … 400" names no resource of its own.
    if (m.type() === 'error') errors.push(m.location().url ? `${m.text()} (${m.location().url})` : m.text());
  });
  return { browser, context, page, errors, close: () => browser.close() };
}

/**
 * Saves a screenshot a person can look at after the run: the whole page, or (`fullPage: false`) the
 * viewport as the user sees it, e.g. where a fixed toast sits (a whole-page capture resizes the viewport).
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<string> {
  const dir = e2eEnv().E2E_SCREENSHOTS;
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.png`);
  await page.screenshot({ path, fullPage });
  return path;
}
