/**
 * The landing page on the marketing host: every section, in the HTML before any script;
 * the fade-in; the buttons to the chat site with the signed handoff; the signed-in header; logout
 * across both sites; the gateway's compression. Chromium resolves *.localhost to loopback, so
 * noek.localhost (MARKETING_HOSTS) and chat.noek.localhost (CHAT_HOSTS) are two sites of one gateway.
 */
import { request } from 'node:http';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { BASIC_PLAN_DISPLAY_LIMIT, storageKeys, SUPERNOEK_PLAN_DISPLAY_LIMIT } from '@noek/contracts';
import { openBrowser, screenshot, type Session } from './browser';
import { linkFromMail, newAccount, type Account } from './support/accounts';

const baseUrl = inject('baseUrl');
const port = new URL(baseUrl).port;
const marketing = `http://noek.localhost:${port}`;
const chat = `http://chat.noek.localhost:${port}`;
let s: Session;

beforeEach(async () => {
  s = await openBrowser();
});
afterEach(async () => {
  await s.close();
});

/** The landing page once the remote has mounted (the prerendered copy is then gone). */
async function openLanding(page: Page): Promise<void> {
  await page.goto(`${marketing}/`);
  await page.getByTestId('mfe-marketing').waitFor();
  await expect.poll(() => page.locator('#noek-prerender').count()).toBe(0);
}

/** Every section and the spec's texts (§1, §2, §9; decisions.md for the plan limits). */
async function expectAllSections(page: Page): Promise<void> {
  const text = (id: string) => page.getByTestId(id).first().innerText();
  expect(await page.getByTestId('landing-page').count()).toBe(1);
  expect(await text('landing-header')).toMatch(/Sign In[\s\S]*Try Noek/);
  expect(await text('landing-beta')).toContain('Noek is in beta.');
  expect((await text('landing-bugs')).split('\n')).toEqual(['account saving', 'data storage', 'chat']);
  const cards = await page.getByTestId('feature-card').allInnerTexts();
  expect(cards.map((c) => c.split('\n')[0])).toEqual([
    'Fun mode',
    'Deleting chats',
    'Copying conversation links',
  ]);
  expect((await text('landing-coming-soon')).split('\n')).toEqual([
    'Further model versions',
    'Monthly plans',
  ]);
  expect(await text('landing-about')).toContain('About Noek');
  expect(await text('plan-basic')).toMatch(/Basic[\s\S]*\$0[\s\S]*\/month/);
  expect(await text('plan-basic')).toContain(BASIC_PLAN_DISPLAY_LIMIT);
  expect(await text('plan-supernoek')).toMatch(/SuperNoek[\s\S]*\$30[\s\S]*\/month/);
  expect(await text('plan-supernoek')).toContain(SUPERNOEK_PLAN_DISPLAY_LIMIT);
  expect(await text('landing-footer')).toContain('Noek');
}

/** A verified account, signed in through the chat site's form. */
async function signedInOnChat(page: Page, label: string): Promise<Account> {
  const a = newAccount(label);
  const res = await page.request.post(`${baseUrl}/api/auth/signup`, {
    data: a,
    headers: { origin: baseUrl },
  });
  expect(res.status()).toBe(201);
  const token = await linkFromMail(a.email, /verify-email\?token=([A-Za-z0-9_-]+)/);
  expect((await page.request.get(`${baseUrl}/api/verify-email?token=${token}`)).ok()).toBe(true);
  await page.goto(`${chat}/`);
  await page.getByTestId('sign-in-email').fill(a.email);
  await page.getByTestId('sign-in-password').fill(a.password);
  await page.getByTestId('sign-in-submit').click();
  await page.getByTestId('mfe-chat').waitFor();
  return a;
}

/**
 * From the chat site to the landing page signed in, with the handoff the chat site's page asks for
 * (the same POST /api/auth/handoff the host API's openSite makes).
 */
async function handOffToLanding(page: Page): Promise<void> {
  const token = await page.evaluate(async (targetHost) => {
    const res = await fetch('/api/auth/handoff', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ targetHost }),
    });
    if (!res.ok) throw new Error(`handoff ${res.status}`);
    return ((await res.json()) as { token: string }).token;
  }, `noek.localhost:${port}`);
  // What host.openSite records when it hands a session over (shell/src/app/cross-site.ts): this origin's
  // sign-out must then reach the other site too.
  await page.evaluate((origin) => localStorage.setItem('noek:linked-site', origin), marketing);
  await page.goto(`${marketing}/?auth_token=${token}&auth_action=login`);
  // Signed out there: asked first, naming the account (a link can come from someone else).
  await page.getByTestId('confirm-switch-accept').click();
  await page.getByTestId('landing-user').waitFor();
  await page.waitForURL(`${marketing}/`);
}

const meStatus = (page: Page) => page.evaluate(async () => (await fetch('/api/auth/me')).status);

const storedUser = (page: Page) => page.evaluate((key) => localStorage.getItem(key), storageKeys.user());

async function clearSite(context: BrowserContext, host: string): Promise<void> {
  await context.clearCookies({ domain: host });
}

describe('the landing page', () => {
  it('is in the HTML the server sends: every section shows with scripts off', async () => {
    const context = await s.browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 360, height: 740 },
    });
    try {
      const page = await context.newPage();
      await page.goto(`${marketing}/`);
      await expectAllSections(page);
      expect(await page.title()).toBe('Noek: your AI chat assistant (beta)');
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/beta/);
      // Links already lead to the chat site (the server put its address in).
      expect(await page.getByTestId('plan-supernoek-cta').getAttribute('href')).toBe(`${chat}/subscribe`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    } finally {
      await context.close();
    }
  });

  it('the app takes over without a second copy; no errors; fits 360 px', async () => {
    await openLanding(s.page);
    await expectAllSections(s.page);
    await screenshot(s.page, 'marketing-landing-desktop');
    await s.page.setViewportSize({ width: 360, height: 740 });
    expect(await s.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(s.page, 'marketing-landing-360');
    expect(s.errors).toEqual([]);
  });

  it('sections below the fold fade in when they scroll into view', async () => {
    await openLanding(s.page);
    const plans = s.page.getByTestId('landing-plans');
    expect(await plans.getAttribute('data-reveal')).toBe('pending');
    expect(await plans.evaluate((el) => getComputedStyle(el).opacity)).toBe('0');
    await plans.scrollIntoViewIfNeeded();
    await expect.poll(() => plans.getAttribute('data-reveal')).toBe('revealed');
    await expect.poll(() => plans.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    // The hero, seen at once, never waits for a fade.
    expect(await s.page.getByTestId('landing-hero').getAttribute('data-reveal')).toBeNull();
  });

  it('no fade at all for a user who prefers reduced motion', async () => {
    const context = await s.browser.newContext({ reducedMotion: 'reduce' });
    try {
      const page = await context.newPage();
      await openLanding(page);
      for (const id of ['landing-features', 'landing-about', 'landing-plans']) {
        expect(await page.getByTestId(id).getAttribute('data-reveal')).toBeNull();
        expect(await page.getByTestId(id).evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
      }
    } finally {
      await context.close();
    }
  });
});

describe('between the two sites', () => {
  it('signed out, Try and the plan buttons lead to the chat site (SuperNoek to /subscribe)', async () => {
    await openLanding(s.page);
    await s.page.getByTestId('landing-try').click();
    await s.page.waitForURL(`${chat}/`);
    await s.page.getByTestId('sign-in-screen').waitFor();

    await openLanding(s.page);
    await s.page.getByTestId('plan-supernoek-cta').click();
    await s.page.waitForURL(`${chat}/subscribe`);
    await s.page.getByTestId('sign-in-screen').waitFor(); // spec §2: signed out, /subscribe signs in

    await openLanding(s.page);
    await s.page.getByTestId('plan-basic-cta').click();
    await s.page.waitForURL(`${chat}/`);
    await s.page.getByTestId('sign-in-screen').waitFor();
  });

  it('signed in, the header shows the user, and the SuperNoek button arrives signed in at /subscribe', async () => {
    const a = await signedInOnChat(s.page, 'landing');
    await handOffToLanding(s.page);
    expect(await s.page.getByTestId('landing-user-name').innerText()).toBe(a.name);
    expect(await s.page.getByTestId('landing-user-email').innerText()).toBe(a.email);
    expect(await s.page.getByTestId('landing-sign-in').count()).toBe(0);
    await s.page.getByTestId('landing-chat').waitFor();
    await s.page.getByTestId('landing-logout').waitFor();
    await s.page.setViewportSize({ width: 360, height: 740 });
    expect(await s.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(s.page, 'marketing-landing-signed-in-360');
    await s.page.setViewportSize({ width: 1280, height: 800 });

    // The chat site forgets this browser: only the handoff can sign it in there again.
    await clearSite(s.context, 'chat.noek.localhost');
    const handoff = s.page.waitForRequest(
      (r) => r.url().endsWith('/api/auth/handoff') && r.method() === 'POST',
    );
    await s.page.getByTestId('plan-supernoek-cta').click();
    await handoff;
    await s.page.getByTestId('confirm-switch-accept').click();
    await s.page.getByTestId('mfe-billing').waitFor();
    // The token is used once, then cleaned from the URL: after the exchange answers, which on a busy
    // machine can come after the billing screen has mounted.
    await s.page.waitForURL(`${chat}/subscribe`);
    expect(await meStatus(s.page)).toBe(200);
  });

  it('Logout on the landing page signs out of both sites', async () => {
    await signedInOnChat(s.page, 'logout-landing');
    await handOffToLanding(s.page);
    await s.page.getByTestId('landing-logout').click();
    // Spec §4: logout redirects the other host, which ends its session too.
    await s.page.waitForURL(`${chat}/`);
    await s.page.getByTestId('sign-in-screen').waitFor();
    await expect.poll(() => storedUser(s.page)).toBeNull();
    // The stored user is cleared first (spec §4); the server session ends a round trip later.
    await expect.poll(() => meStatus(s.page)).toBe(401);
    await openLanding(s.page);
    await s.page.getByTestId('landing-sign-in').waitFor();
    expect(await storedUser(s.page)).toBeNull();
    expect(await meStatus(s.page)).toBe(401);
  });

  it('Logout on the chat site signs the landing page out too', async () => {
    await signedInOnChat(s.page, 'logout-chat');
    await handOffToLanding(s.page);
    await s.page.goto(`${chat}/`);
    await s.page.getByTestId('mfe-chat').waitFor();
    await s.page.getByRole('button', { name: /sign out/i }).click();
    // Spec §4: the chat site's logout redirects the landing page's host, carrying a signed logout token.
    await s.page.waitForURL((url) => url.host === new URL(marketing).host && !url.search.includes('auth_'));
    await openLanding(s.page);
    await s.page.getByTestId('landing-sign-in').waitFor();
    expect(await s.page.getByTestId('landing-user').count()).toBe(0);
    expect(await meStatus(s.page)).toBe(401);
  });
});

/** Raw headers of a GET through the gateway (fetch would hide Content-Encoding by decoding). */
function headersOf(path: string, headers: Record<string, string>): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}${path}`, { headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, ...res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('compression by the gateway', () => {
  it('sends JavaScript and CSS as brotli (or gzip) with Vary, and never compresses an event stream', async () => {
    const assets: string[] = [];
    s.page.on('response', (r) => {
      const u = new URL(r.url());
      if (u.port === port && /\.(js|css)$/.test(u.pathname)) assets.push(u.pathname);
    });
    await openLanding(s.page);
    const js = assets.find((p) => p.endsWith('.js') && !p.startsWith('/remotes/'));
    const css = assets.find((p) => p.endsWith('.css'));
    expect(js && css).toBeTruthy();
    for (const path of [js!, css!]) {
      const br = await headersOf(path, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br).toMatchObject({ status: 200, 'content-encoding': 'br' });
      expect(String(br.vary)).toMatch(/accept-encoding/i);
      const gzip = await headersOf(path, { 'accept-encoding': 'gzip' });
      expect(gzip).toMatchObject({ status: 200, 'content-encoding': 'gzip' });
    }
    // The landing page's own document too.
    const doc = await headersOf('/', { host: `noek.localhost:${port}`, 'accept-encoding': 'br' });
    expect(doc).toMatchObject({ status: 200, 'content-encoding': 'br' });

    // A reply streams as text/event-stream, uncompressed, whatever the browser accepts.
    await signedInOnChat(s.page, 'stream');
    const stream = await s.page.evaluate(async () => {
      const post = (path: string, body: unknown) =>
        fetch(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
          body: JSON.stringify(body),
        });
      const created = (await (await post('/api/conversations', { title: 'stream' })).json()) as {
        id: string;
      };
      const res = await post(`/api/conversations/${created.id}/messages`, { content: 'hello' });
      await res.text();
      return { type: res.headers.get('content-type'), encoding: res.headers.get('content-encoding') };
    });
    expect(stream.type).toMatch(/^text\/event-stream/);
    expect(stream.encoding).toBeNull();
  });
});
