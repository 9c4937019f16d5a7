/** Pins journey: pin from a row, pinned at the top, reorder, unpin; kept across reloads. */
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, screenshot, type Session } from './browser';
import { signUpVerified } from './support/accounts';

const baseUrl = inject('baseUrl');
let s: Session;

beforeEach(async () => {
  s = await openBrowser();
});
afterEach(async () => {
  await s.close();
});

const pinnedTitles = (page: Page) =>
  page.getByTestId('pinned-row').locator('.chat-conv__title').allTextContents();
const listRow = (page: Page, title: string) =>
  page.getByTestId('conversation-row').filter({ hasText: title });

describe('pins journey', () => {
  it('pins two conversations, reorders them, unpins one, and finds them so after a reload', async () => {
    await signUpVerified(s.page);
    for (const title of ['Alpha', 'Bravo', 'Charlie']) {
      const res = await s.page.request.post(`${baseUrl}/api/conversations`, {
        data: { title },
        headers: { origin: baseUrl },
      });
      expect(res.status()).toBe(201);
    }
    await s.page.goto(`${baseUrl}/`);
    await listRow(s.page, 'Alpha').waitFor();

    await listRow(s.page, 'Alpha').getByRole('button', { name: 'Pin' }).click();
    await expect.poll(() => pinnedTitles(s.page)).toEqual(['Alpha']);
    // A pinned conversation leaves the list below.
    await expect.poll(() => listRow(s.page, 'Alpha').count()).toBe(0);
    await listRow(s.page, 'Charlie').getByRole('button', { name: 'Pin' }).click();
    await expect.poll(() => pinnedTitles(s.page)).toEqual(['Charlie', 'Alpha']);
    await s.page.getByRole('button', { name: 'Move Charlie down' }).click();
    await expect.poll(() => pinnedTitles(s.page)).toEqual(['Alpha', 'Charlie']);
    await screenshot(s.page, 'pins');

    await s.page.reload();
    await expect.poll(() => pinnedTitles(s.page)).toEqual(['Alpha', 'Charlie']);
    await s.page.getByRole('button', { name: 'Unpin Alpha' }).click();
    await expect.poll(() => pinnedTitles(s.page)).toEqual(['Charlie']);
    await listRow(s.page, 'Alpha').waitFor();
    await s.page.getByTestId('pinned-row').getByText('Charlie').click();
    await s.page.waitForURL(/\/chat\/\d+$/);
    expect(s.errors).toEqual([]);
  });
});
