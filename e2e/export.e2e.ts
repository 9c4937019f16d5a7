/** Export journeys: one conversation as Markdown from the sidebar, the account as a zip. */
import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { openBrowser, type Session } from './browser';
import { signUpVerified } from './support/accounts';
import { unzip } from '../services/chat/src/test/unzip';

const baseUrl = inject('baseUrl');
let s: Session;

beforeEach(async () => {
  s = await openBrowser();
});
afterEach(async () => {
  await s.close();
});

describe('export journeys', () => {
  it('downloads a conversation as Markdown and the whole account as a zip', async () => {
    await signUpVerified(s.page);
    const headers = { origin: baseUrl };
    for (const title of ['Garden plans', 'Old notes']) {
      const created = await s.page.request.post(`${baseUrl}/api/conversations`, { data: { title }, headers });
      const { id } = (await created.json()) as { id: number };
      const sent = await s.page.request.post(`${baseUrl}/api/conversations/${id}/messages`, {
        data: { content: `About ${title}` },
        headers,
      });
      expect(sent.status()).toBe(200);
    }
    await s.page.goto(`${baseUrl}/`);
    const row = s.page.getByTestId('conversation-row').filter({ hasText: 'Garden plans' });
    await row.getByRole('button', { name: 'Share' }).click();
    const [markdown] = await Promise.all([
      s.page.waitForEvent('download'),
      s.page.getByRole('dialog').getByRole('link', { name: 'Markdown' }).click(),
    ]);
    expect(markdown.suggestedFilename()).toMatch(/^noek-\d+\.md$/);
    const text = await readFile((await markdown.path())!, 'utf8');
    expect(text.startsWith('# Garden plans\n')).toBe(true);
    expect(text).toContain('About Garden plans');
    await s.page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    await s.page.getByRole('button', { name: /^Account/ }).click();
    const section = s.page.getByTestId('account-export');
    const [zip] = await Promise.all([
      s.page.waitForEvent('download'),
      section.getByRole('button', { name: 'Download all conversations' }).click(),
    ]);
    expect(zip.suggestedFilename()).toMatch(/^noek-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const bytes = await readFile((await zip.path())!);
    // Every file whole, each checked against its CRC-32, the account first.
    const files = await unzip(bytes);
    const names = [...files.keys()];
    expect(names[0]).toBe('account.json');
    expect(JSON.parse(files.get('account.json')!)).toMatchObject({ conversationCount: 2 });
    const conversations = names.slice(1).map((n) => JSON.parse(files.get(n)!) as { title: string });
    expect(conversations.map((c) => c.title).sort()).toEqual(['Garden plans', 'Old notes']);
    expect(s.errors).toEqual([]);
  });
});
