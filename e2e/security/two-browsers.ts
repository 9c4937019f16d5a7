/**
 * Two people's browsers in one headless Chromium (a context each: separate cookie jars), for the
 * cross-site handoff tests. Chromium resolves *.localhost to loopback, so noek.localhost (marketing) and
 * chat.noek.localhost (chat) are two sites on the one gateway.
 */
import { afterEach, beforeEach, expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../chromium';
import { e2eEnv } from '../config';
import type { Account } from '../support/accounts';
import { baseUrl } from './support';

const port = () => new URL(baseUrl()).port;
export const marketing = () => `http://noek.localhost:${port()}`;
export const chat = () => `http://chat.noek.localhost:${port()}`;

/** A fresh Chromium per test; `person()` opens a page in a context of its own, closed after the test. */
export function useBrowsers(): { person: () => Promise<Page> } {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeEach(async () => {
    browser = await launchChromium(e2eEnv().CHROMIUM_PATH);
  });
  afterEach(async () => {
    for (const c of contexts.splice(0)) await c.close().catch(() => undefined);
    await browser.close();
  });
  return {
    person: async () => {
      const context = await browser.newContext();
      contexts.push(context);
      return context.newPage();
    },
  };
}

/** Signs in on `site`, as the sign-in form would. */
export async function signInOn(page: Page, site: string, a: Account): Promise<void> {
  await page.goto(`${site}/`);
  const status = await page.evaluate(
    async (a) =>
      (
        await fetch('/api/auth/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: a.email, password: a.password }),
        })
      ).status,
    a,
  );
  expect(status).toBe(200);
}
