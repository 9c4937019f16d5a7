/**
 * Issue 24, the screens as a user sees them (real gateway, services as separate processes): the admin list's
 * failures are 'Error' toasts and stale rows are marked; the admin table fits 1280 px; toasts never cover
 * Pay or Send at 360 px; a failed remote leaves the shell's header (chat) or no false box (marketing); a
 * declined card is named on the account screen; a conversation of 16,000 nested quotes opens.
 */
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openBrowser, screenshot, type Session } from './browser';
import { adminAccount, signIn, signUpVerified } from './support/accounts';

const baseUrl = inject('baseUrl');
let s: Session;

beforeEach(async () => {
  s = await openBrowser();
});
afterEach(async () => {
  await s.close();
});

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(l: Locator): Promise<Box> {
  const box = await l.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
}

/** The remotes manifest as served, but `name` pointing at an address the browser cannot load. */
async function blockRemote(page: Page, name: string) {
  await page.route('**/remotes-manifest.json', async (route) => {
    // Fetched from the gateway by its own address: Node does not resolve *.localhost as Chromium does.
    const res = await route.fetch({ url: new URL('/remotes-manifest.json', baseUrl).href });
    const manifest = (await res.json()) as { remotes: Record<string, string> };
    manifest.remotes[name] = `${new URL(route.request().url()).origin}/blocked-remote/mf-manifest.json`;
    await route.fulfill({ response: res, json: manifest });
  });
  await page.route('**/blocked-remote/**', (route) => route.abort('blockedbyclient'));
}

async function openDashboard(page: Page) {
  await signIn(page, adminAccount);
  await page.getByRole('button', { name: 'Admin', exact: true }).click();
  // The console opens on the overview; the users' table is its Users tab.
  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
}

const errorToast = (page: Page) => page.getByTestId('toast').filter({ hasText: 'Error' });

describe('admin screen', () => {
  it('fits 1280 px with no sideways scroll, and stacks the rows at 600 px', async () => {
    await openDashboard(s.page);
    await s.page.locator('tbody tr').first().waitFor();
    const widths = () =>
      s.page.evaluate(() => {
        const wrap = document.querySelector('.admin-table__wrap')!;
        return {
          wrap: [wrap.scrollWidth, wrap.clientWidth],
          page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
        };
      });
    const at1280 = await widths();
    expect(at1280.wrap[0]).toBeLessThanOrEqual(at1280.wrap[1]!);
    expect(at1280.page[0]).toBeLessThanOrEqual(at1280.page[1]!);
    await screenshot(s.page, 'screens-admin-1280');
    await s.page.setViewportSize({ width: 600, height: 900 });
    const at600 = await widths();
    expect(at600.wrap[0]).toBeLessThanOrEqual(at600.wrap[1]!);
    expect(at600.page[0]).toBeLessThanOrEqual(at600.page[1]!);
    await s.page.getByRole('button', { name: 'Edit', exact: true }).first().click();
    await s.page.getByRole('dialog').waitFor();
    await s.page.keyboard.press('Escape');
    await screenshot(s.page, 'screens-admin-600');
  });

  it("a failing refresh is the 'Error' toast and marks the rows it keeps as out of date", async () => {
    await openDashboard(s.page);
    await s.page.locator('tbody tr').first().waitFor();
    await s.page.route('**/api/admin/users?*', (route) =>
      route.fulfill({ status: 500, json: { code: 'INTERNAL', message: 'Something went wrong' } }),
    );
    await s.page.getByRole('button', { name: 'Refresh' }).click();
    await errorToast(s.page).waitFor();
    expect(await errorToast(s.page).textContent()).toContain('Failed to fetch users: 500');
    expect(await s.page.getByTestId('toast').getAttribute('data-variant')).toBe('destructive');
    expect(await s.page.getByTestId('admin-stale').textContent()).toContain('the last refresh failed');
    expect(await s.page.locator('table.admin-table').getAttribute('data-stale')).toBe('true');
    await screenshot(s.page, 'screens-admin-refresh-failed');
    // Back: the next 5-second refresh clears the mark.
    await s.page.unroute('**/api/admin/users?*');
    await s.page.getByTestId('admin-stale').waitFor({ state: 'detached', timeout: 15_000 });
  });

  it("a failed first load is the 'Error' toast, not a line of error text in the page", async () => {
    await s.page.route('**/api/admin/users?*', (route) => route.fulfill({ status: 500, body: '' }));
    await openDashboard(s.page);
    await errorToast(s.page).waitFor();
    expect(await errorToast(s.page).textContent()).toContain('Failed to fetch users: 500');
    await s.page.getByTestId('admin-users-unavailable').waitFor();
    expect(await s.page.getByTestId('mfe-admin').textContent()).not.toContain('Failed to fetch users');
    await screenshot(s.page, 'screens-admin-first-load-failed');
  });
});

describe('toasts never cover the primary action at 360 px', () => {
  async function payWith(page: Page, card: string) {
    await page.getByTestId('card-number').fill(card);
    await page.getByTestId('card-expiry').fill('12/34');
    await page.getByTestId('card-cvc').fill('123');
    await page.getByTestId('pay').click();
  }

  it("'Payment Failed' leaves Pay uncovered, and the account screen names the decline", async () => {
    await s.page.setViewportSize({ width: 360, height: 640 });
    await signUpVerified(s.page);
    await s.page.getByTestId('mfe-chat').waitFor();
    await s.page.getByRole('button', { name: 'Upgrade to SuperNoek' }).click();
    await s.page.getByTestId('upgrade').click();
    await s.page.getByTestId('test-card-form').waitFor();
    await payWith(s.page, '4000 0000 0000 0002');
    const toast = s.page.getByTestId('toast').filter({ hasText: 'Payment Failed' });
    await toast.waitFor();
    await s.page.getByTestId('pay').scrollIntoViewIfNeeded();
    await expect
      .poll(async () => intersects(await boxOf(toast), await boxOf(s.page.getByTestId('pay'))))
      .toBe(false);
    await screenshot(s.page, 'screens-pay-360-toast', { fullPage: false });

    await s.page.getByRole('button', { name: 'Back to Chat' }).click();
    await s.page.getByRole('button', { name: /^Account/ }).click();
    await expect.poll(() => s.page.getByTestId('plan-status').textContent()).toBe('Payment declined');
    const notice = await s.page.getByTestId('plan-payment-problem').textContent();
    expect(notice).toContain('Your payment was declined: Your card was declined.');
    expect(notice).toContain('You are still on Basic and nothing was charged.');
    await screenshot(s.page, 'screens-account-declined');
  });

  it("after 'Start Chatting' the welcome toast leaves the message box and Send uncovered", async () => {
    await s.page.setViewportSize({ width: 360, height: 640 });
    await signUpVerified(s.page);
    await s.page.getByRole('button', { name: 'Upgrade to SuperNoek' }).click();
    await s.page.getByTestId('upgrade').click();
    await payWith(s.page, '4242 4242 4242 4242');
    await s.page.getByRole('heading', { name: 'Welcome to SuperNoek!' }).waitFor({ timeout: 20_000 });
    await s.page.getByTestId('start-chatting').click();
    await s.page.getByTestId('mfe-chat').waitFor();
    const toast = s.page.getByTestId('toast').filter({ hasText: 'Welcome to SuperNoek!' });
    await toast.waitFor();
    const composer = s.page.locator('form.chat-input');
    await expect
      .poll(async () => intersects(await boxOf(toast), await boxOf(composer)), { timeout: 5000 })
      .toBe(false);
    expect(
      intersects(await boxOf(toast), await boxOf(s.page.getByRole('button', { name: 'Send message' }))),
    ).toBe(false);
    await screenshot(s.page, 'screens-send-360-toast', { fullPage: false });
  });
});

describe('a remote that fails takes only its own area', () => {
  it("chat remote blocked: the shell's header stays, and the user can sign out", async () => {
    await signUpVerified(s.page);
    await blockRemote(s.page, 'chat');
    await s.page.goto(`${baseUrl}/`);
    await s.page.getByTestId('remote-fallback-chat').waitFor({ timeout: 20_000 });
    const header = s.page.getByTestId('shell-header');
    expect(await header.isVisible()).toBe(true);
    await screenshot(s.page, 'screens-chat-remote-down');
    await header.getByRole('button', { name: 'Sign out' }).click();
    await s.page.getByTestId('sign-in-screen').waitFor();
  });

  it('marketing remote blocked: the prerendered landing stays, with no false unavailable box', async () => {
    const port = new URL(baseUrl).port;
    const failed = s.page.waitForEvent('console', {
      predicate: (m) => m.text().includes('Remote marketing failed to load'),
      timeout: 30_000,
    });
    await blockRemote(s.page, 'marketing');
    await s.page.goto(`http://noek.localhost:${port}/`);
    await failed;
    expect(await s.page.locator('#noek-prerender').isVisible()).toBe(true);
    expect(await s.page.getByTestId('remote-fallback-marketing').count()).toBe(0);
    expect(await s.page.getByText('Noek is unavailable right now').count()).toBe(0);
    await screenshot(s.page, 'screens-marketing-remote-down');
  });
});

describe('markdown nesting is bounded', () => {
  /** A conversation with one message of `content`, stored (the offline reply may follow). */
  async function conversationWith(page: Page, title: string, content: string): Promise<number> {
    const created = await page.request.post(`${baseUrl}/api/conversations`, {
      data: { title },
      headers: { origin: baseUrl },
    });
    const { id } = (await created.json()) as { id: number };
    const sent = await page.request.post(`${baseUrl}/api/conversations/${id}/messages`, {
      data: { content },
      headers: { origin: baseUrl },
    });
    expect(sent.ok()).toBe(true);
    const stored = async () => {
      const res = await page.request.get(`${baseUrl}/api/conversations/${id}/messages`);
      return ((await res.json()) as unknown[]).length;
    };
    await expect.poll(stored, { timeout: 20_000 }).toBeGreaterThan(0);
    return id;
  }

  it('a conversation holding 16,000 nested quotes opens, bounded in depth', async () => {
    await signUpVerified(s.page);
    const id = await conversationWith(s.page, 'Deep quotes', '>'.repeat(16_000) + ' the bottom');
    await s.page.goto(`${baseUrl}/chat/${id}`);
    await s.page.getByTestId('mfe-chat').waitFor();
    const user = s.page.locator('article.chat-msg--user').filter({ hasText: 'the bottom' });
    await user.waitFor({ timeout: 30_000 });
    expect(await s.page.getByTestId('remote-fallback-chat').count()).toBe(0);
    // Until the markdown chunk arrives a message shows as plain text: wait for the rendered quotes.
    const deepest = () =>
      s.page.evaluate(() => {
        let max = 0;
        for (const q of document.querySelectorAll('article blockquote')) {
          let d = 0;
          for (let p: Element | null = q; p; p = p.parentElement) if (p.tagName === 'BLOCKQUOTE') d++;
          max = Math.max(max, d);
        }
        return max;
      });
    await expect.poll(deepest, { timeout: 20_000 }).toBeGreaterThan(0);
    const depth = await deepest();
    expect(depth).toBeLessThanOrEqual(24);
    await screenshot(s.page, 'screens-deep-quotes', { fullPage: false });
  });

  it("a model's reply of 16,000 nested underscores opens", async () => {
    await signUpVerified(s.page);
    const id = await conversationWith(s.page, 'Deep emphasis', 'Say something deep');
    // The reply is added at the browser's edge to the real list (the offline assistant writes no such text).
    await s.page.route(`**/api/conversations/${id}/messages`, async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      const res = await route.fetch();
      const list = (await res.json()) as Array<Record<string, unknown>>;
      const first = list[0];
      if (!first) return route.fulfill({ response: res });
      const reply = {
        ...first,
        id: Number(first.id) + 100_000,
        role: 'assistant',
        status: 'complete',
        content: '_'.repeat(16_000) + 'emphasis' + '_'.repeat(16_000),
      };
      await route.fulfill({ response: res, json: [...list, reply] });
    });
    await s.page.goto(`${baseUrl}/chat/${id}`);
    await s.page.getByTestId('mfe-chat').waitFor();
    const last = s.page.locator('article.chat-msg--assistant').last();
    await expect.poll(() => last.textContent(), { timeout: 30_000 }).toContain('emphasis');
    expect(await s.page.getByTestId('remote-fallback-chat').count()).toBe(0);
    await screenshot(s.page, 'screens-deep-emphasis', { fullPage: false });
  });
});
