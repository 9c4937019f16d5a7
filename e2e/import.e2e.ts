/** Import journey (issue 28): a ChatGPT export comes in from the account screen; a bad file is refused whole. */
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { createEventParser, importEventSchema } from '@noek/contracts';
import { openBrowser, screenshot, type Session } from './browser';
import { signUpVerified } from './support/accounts';
// The fixtures the chat API tests use: a ChatGPT conversation with a branch, and the export zip around it.
import { chatGptConversation, chatGptZip } from '../services/chat/src/features/import/import-fixtures';

const baseUrl = inject('baseUrl');
let s: Session;

beforeEach(async () => {
  s = await openBrowser();
});
afterEach(async () => {
  await s.close();
});

describe('import journey', () => {
  it("brings in ChatGPT's export zip with its branches, then refuses a broken file naming the item", async () => {
    await signUpVerified(s.page);
    await s.page.goto(`${baseUrl}/`);
    await s.page.getByTestId('mfe-chat').waitFor();
    await s.page.getByRole('button', { name: /^Account/ }).click();
    const section = s.page.getByTestId('account-import');
    await section.waitFor({ timeout: 10_000 });
    const input = section.locator('input[type="file"]');
    await input.setInputFiles({
      name: 'chatgpt-export.zip',
      mimeType: 'application/zip',
      buffer: await chatGptZip([chatGptConversation('e2e-1', 'Imported walrus facts')]),
    });
    const outcome = section.getByTestId('import-result').or(section.getByRole('alert'));
    await outcome.waitFor({ timeout: 20_000 }).catch(async (e: unknown) => {
      await screenshot(s.page, 'import-failed');
      throw e;
    });
    expect(await outcome.textContent()).toBe('Imported 1 conversation (5 messages).');
    // The server's progress, as the account screen asks for it, passes the real gateway as an event
    // stream: "0 of 2", "2 of 2", then the answer.
    const streamed = await s.page.evaluate(
      async (body) => {
        const res = await fetch('/api/conversations/import', {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
          body,
        });
        return { type: res.headers.get('content-type'), text: await res.text() };
      },
      JSON.stringify([
        chatGptConversation('e2e-2', 'Streamed one'),
        chatGptConversation('e2e-3', 'Streamed two'),
      ]),
    );
    expect(streamed.type).toMatch(/^text\/event-stream/);
    expect(createEventParser(importEventSchema)(streamed.text)).toEqual([
      { type: 'progress', done: 0, total: 2 },
      { type: 'progress', done: 2, total: 2 },
      { type: 'done', imported: 2, skipped: 0, messages: 10 },
    ]);
    await input.setInputFiles({
      name: 'conversations.json',
      mimeType: 'application/json',
      buffer: Buffer.from('[{"title":"Odd","mapping":"nope"}]'),
    });
    await expect.poll(() => section.getByRole('alert').textContent()).toMatch(/^Item 1 \("Odd"\)/);
    await s.page.getByTestId('account-back').click();
    const row = s.page.getByTestId('conversation-row').filter({ hasText: 'Imported walrus facts' });
    await row.locator('.chat-conv__title').click();
    // The path ChatGPT showed last, with the branch it came through (‹ 2 / 2 › on the kept answer).
    await s.page.getByText('In the Arctic.').waitFor();
    const kept = s.page.locator('article.chat-msg--assistant').filter({ hasText: 'A large marine mammal.' });
    expect(await kept.getByTestId('branch-version').textContent()).toBe('2 / 2');
    // The broken file's refusal is a 400 by design: the browser logs it; nothing else may be logged.
    expect(s.errors.filter((e) => !e.includes('status of 400 (Bad Request)'))).toEqual([]);
    expect(s.errors.length).toBeLessThanOrEqual(1);
  });
});
