/**
 * Search journeys: the sidebar box and the Ctrl+K palette find a word inside a message and open
 * the conversation at that message (switching to the branch that holds it when the conversation shows
 * another); hostile input answers "No matches", never an error.
 */
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

/** A conversation holding `contents` as user messages (each answered by the offline assistant). */
async function conversationWith(page: Page, title: string, contents: string[]): Promise<number> {
  const headers = { origin: baseUrl };
  const created = await page.request.post(`${baseUrl}/api/conversations`, { data: { title }, headers });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  for (const content of contents) {
    const sent = await page.request.post(`${baseUrl}/api/conversations/${id}/messages`, {
      data: { content },
      headers,
    });
    expect(sent.status()).toBe(200);
  }
  return id;
}

const results = (page: Page) => page.getByTestId('search-results').getByRole('option');

describe('search journeys', () => {
  it('the sidebar search finds a word inside a message and opens the conversation at it', async () => {
    await signUpVerified(s.page);
    const trip = await conversationWith(s.page, 'Weekend', [
      'Which river is calm in May?',
      'Remember to pack the kayak paddles',
      'And sandwiches for two',
    ]);
    await conversationWith(s.page, 'Groceries', ['milk, eggs, flour']);
    await s.page.goto(`${baseUrl}/`);
    await s.page.getByTestId('mfe-chat').waitFor();

    const box = s.page.getByRole('search').getByLabel('Search conversations');
    await box.fill('kaya');
    await expect.poll(() => results(s.page).count()).toBe(1);
    await expect.poll(() => results(s.page).first().locator('mark').first().textContent()).toBe('kayak');
    expect(await results(s.page).first().textContent()).toContain('Weekend');
    await screenshot(s.page, 'search-sidebar');
    await results(s.page).first().click();
    await s.page.waitForURL(new RegExp(`/chat/${trip}$`));
    const found = s.page.locator('.chat-message--found');
    await found.waitFor();
    expect(await found.textContent()).toContain('kayak paddles');
    expect(await found.isVisible()).toBe(true);

    // Operators, quotes and emoji are plain text: no match, no error.
    await box.fill(`"(&|!:* 🎉 '`);
    await s.page.getByText('No matches').waitFor();
    await box.press('Escape');
    await s.page.getByTestId('conversation-row').first().waitFor();
    expect(s.errors).toEqual([]);
  });

  it('Ctrl+K opens the palette; arrows and Enter open a result', async () => {
    await signUpVerified(s.page);
    const first = await conversationWith(s.page, 'Recipes', ['sourdough starter feeding schedule']);
    await conversationWith(s.page, 'Sourdough troubleshooting', ['why is it flat?']);
    await s.page.goto(`${baseUrl}/`);
    await s.page.getByTestId('mfe-chat').waitFor();

    await s.page.keyboard.press('Control+k');
    const dialog = s.page.getByRole('dialog', { name: 'Search conversations' });
    await dialog.waitFor();
    await s.page.keyboard.type('sourdo');
    // The title match ranks first; the second result is the message match.
    await expect.poll(() => dialog.getByRole('option').count()).toBe(2);
    expect(await dialog.getByRole('option').first().textContent()).toContain('Sourdough troubleshooting');
    await screenshot(s.page, 'search-palette');
    await s.page.keyboard.press('ArrowDown');
    await s.page.keyboard.press('Enter');
    await s.page.waitForURL(new RegExp(`/chat/${first}$`));
    expect(await dialog.count()).toBe(0);
    expect(await s.page.locator('.chat-message--found').textContent()).toContain('feeding schedule');
    expect(s.errors).toEqual([]);
  });

  it('a match on a branch the conversation does not show opens on that branch', async () => {
    await signUpVerified(s.page);
    const id = await conversationWith(s.page, 'Travel', ['Book the ferry to Gotland', 'And a cabin']);
    const headers = { origin: baseUrl };
    const path = (await (await s.page.request.get(`${baseUrl}/api/conversations/${id}/messages`)).json()) as {
      id: number;
      content: string;
    }[];
    const ferry = path.find((m) => m.content.includes('ferry'))!;
    // Editing the first message makes a new branch; the ferry is then on the branch not shown.
    const edited = await s.page.request.post(`${baseUrl}/api/conversations/${id}/messages/${ferry.id}/edit`, {
      data: { content: 'Book the train to Oslo' },
      headers,
    });
    expect(edited.status()).toBe(200);
    await s.page.goto(`${baseUrl}/chat/${id}`);
    await s.page.getByText('Book the train to Oslo').waitFor();
    expect(await s.page.getByText('Book the ferry to Gotland').count()).toBe(0);

    const box = s.page.getByRole('search').getByLabel('Search conversations');
    await box.fill('gotla');
    await expect.poll(() => results(s.page).count()).toBe(1);
    await results(s.page).first().click();
    const found = s.page.locator('.chat-message--found');
    await found.waitFor();
    expect(await found.textContent()).toContain('Book the ferry to Gotland');
    expect(await found.isVisible()).toBe(true);
    // The branch shown is the matched one: its version switch reads 1 / 2, the edit is gone from view.
    expect(await found.getByTestId('branch-version').textContent()).toBe('1 / 2');
    expect(await s.page.getByText('Book the train to Oslo').count()).toBe(0);
    await screenshot(s.page, 'search-other-branch');
    expect(s.errors).toEqual([]);
  });
});
