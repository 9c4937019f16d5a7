/**
 * The operator's console: the overview is the admin's first screen, each chart has its table,
 * every series downloads as CSV, it fits 360 px in the dark theme; plan settings are validated and saved.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, screenshot, type Session } from './browser';
import { adminAccount, signIn } from './support/accounts';

const baseUrl = inject('baseUrl');
let s: Session;

beforeEach(async () => {
  s = await openBrowser();
});
afterEach(async () => {
  await s.close();
});

async function openConsole(page: Page) {
  await signIn(page, adminAccount);
  await page.getByRole('button', { name: 'Admin', exact: true }).click();
  await page.getByTestId('admin-overview').waitFor();
}

/** Switches every chart card of the overview to its table, and sees each table. */
async function showEveryTable(page: Page) {
  const cards = page.locator('[data-testid^="overview-card-"]');
  await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(4);
  for (const card of await cards.all()) {
    const toggle = card.getByRole('button', { name: 'Show table' });
    if ((await toggle.count()) > 0) await toggle.click();
    await card.getByRole('table').waitFor();
    expect(await card.locator('tbody tr').count()).toBeGreaterThan(0);
  }
}

describe('admin console', () => {
  it('opens on the overview: charts with their tables, presets, and the CSV of every series', async () => {
    await openConsole(s.page);
    const users = s.page.getByTestId('overview-card-users');
    await users.locator('.recharts-wrapper').waitFor();
    // The admin signed up today (the product's own start): today's sign-ups are at least 1.
    await users.getByRole('button', { name: 'Show table' }).click();
    const table = users.getByRole('table');
    await table.waitFor();
    expect(await table.locator('thead').textContent()).toContain('Sign-ups');
    const today = new Date().toISOString().slice(0, 10);
    const todayRow = table.locator('tbody tr').last();
    expect(await todayRow.locator('th').textContent()).toBe(today);
    expect(Number(await todayRow.locator('td').first().textContent())).toBeGreaterThanOrEqual(1);
    await s.page.getByRole('button', { name: '7 days' }).click();
    await expect.poll(async () => table.locator('tbody tr').count()).toBe(7);
    // Every chart has its table view.
    await showEveryTable(s.page);

    // A custom range: the two days up to today.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await s.page.getByLabel('From', { exact: true }).fill(yesterday);
    await s.page.getByLabel('To', { exact: true }).fill(today);
    await s.page.getByRole('button', { name: 'Show range' }).click();
    await expect
      .poll(() => s.page.getByTestId('overview-range').textContent())
      .toBe(`${yesterday} to ${today} (UTC days)`);
    await expect.poll(async () => table.locator('tbody tr').count()).toBe(2);

    const [download] = await Promise.all([
      s.page.waitForEvent('download'),
      s.page.getByTestId('overview-csv').click(),
    ]);
    const csv = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\r\n');
    expect(csv[0]).toMatch(/^day,sign-ups,daily-active-users,weekly-active-users,messages,/);
    expect(csv.slice(1).map((row) => row.split(',')[0])).toEqual([yesterday, today]);
    expect(s.errors).toEqual([]);
  });

  it('fits 360 px in the dark theme, with no sideways scroll', async () => {
    // The header's Admin button is hidden on small screens (spec §2): open the console, then narrow.
    await openConsole(s.page);
    await s.page.setViewportSize({ width: 360, height: 740 });
    await s.page.evaluate(() => document.documentElement.classList.add('dark'));
    await s.page.getByTestId('overview-card-messages').locator('.recharts-wrapper').waitFor();
    const width = () => s.page.evaluate(() => document.documentElement.scrollWidth);
    expect(await width()).toBeLessThanOrEqual(360);
    await screenshot(s.page, 'admin-overview-360-dark');
    // The tables too: a wide one scrolls inside its card, not the page.
    await showEveryTable(s.page);
    expect(await width()).toBeLessThanOrEqual(360);
    await screenshot(s.page, 'admin-overview-360-dark-tables');
  });

  it('edits a plan: refuses invalid limits, saves valid ones, and shows them after a reload', async () => {
    await openConsole(s.page);
    await s.page.getByRole('tab', { name: 'Plans' }).click();
    const premium = s.page.getByTestId('plan-premium');
    const messages = premium.getByLabel('Messages per window (empty: unlimited)');
    expect(await messages.inputValue()).toBe('25000');
    await messages.fill('0');
    await premium.getByRole('button', { name: 'Save premium' }).click();
    await premium.getByRole('alert').waitFor();
    await messages.fill('24000');
    await premium.getByRole('button', { name: 'Save premium' }).click();
    await s.page.getByTestId('toast').filter({ hasText: 'Plan Updated' }).waitFor();
    await s.page.reload();
    await s.page.getByRole('button', { name: 'Admin', exact: true }).click();
    await s.page.getByRole('tab', { name: 'Plans' }).click();
    const again = s.page.getByTestId('plan-premium').getByLabel('Messages per window (empty: unlimited)');
    await expect.poll(() => again.inputValue()).toBe('24000');
    // Back to the spec's value for the other journeys.
    const res = await s.page.request.patch(`${baseUrl}/api/admin/plans/premium`, {
      data: { messagesPerWindow: 25000, windowHours: 2, tokenBudget: null, allowedModels: [] },
      headers: { origin: baseUrl },
    });
    expect(res.status()).toBe(200);
  });
});
