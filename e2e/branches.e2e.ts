/**
 * The message tree in the browser: regenerate, edit (button and ↑), the '‹ 2 / 3 ›' switch remembered
 * across reloads (and keyboard focus kept on it), a reload in the middle of a regenerate, a reply left
 * streaming on one branch and re-attached, the chat service SIGKILLed in the middle of an edited branch's
 * reply, copy, and an edit refused by the limit that keeps the typed text. Through the real gateway,
 * with the offline assistant streaming its reply.
 */
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, screenshot, type Session } from './browser';
import { signUpVerified } from './support/accounts';
import { expectAccessibleScreen } from './support/a11y';

const baseUrl = inject('baseUrl');
const controlUrl = inject('controlUrl');
let s: Session;

beforeEach(async () => {
  s = await openBrowser();
});
afterEach(async () => {
  await s.close();
});

const assistant = (page: Page) => page.locator('article.chat-msg--assistant').last();
const userMessages = (page: Page) => page.locator('article.chat-msg--user');
const input = (page: Page) => page.getByLabel('Message', { exact: true });
const complete = (page: Page) =>
  assistant(page).and(page.locator('[data-status="complete"]')).waitFor({ timeout: 20_000 });

/**
 * Until the new reply has ended: the last reply complete and the user's messages editable again (the
 * Edit button shows only then). `complete` alone can match the reply an edit is replacing.
 */
async function settled(page: Page) {
  await complete(page);
  await userMessages(page).last().getByRole('button', { name: 'Edit message' }).waitFor({ timeout: 20_000 });
  await complete(page);
}

/** Signs up, sends one message and waits for the whole reply. */
async function chatWithOneReply(page: Page, text: string) {
  await signUpVerified(page);
  await page.goto(`${baseUrl}/`);
  await page.getByTestId('mfe-chat').waitFor();
  await input(page).fill(text);
  await input(page).press('Enter');
  await page.waitForURL(/\/chat\/\d+$/);
  await complete(page);
}

const versionOf = (page: Page, article: ReturnType<typeof assistant>) =>
  article.getByTestId('branch-version').textContent();

/** Until the last reply holds some text (not its end: whole replies are slow on a loaded machine). */
async function repliedPartWay(page: Page) {
  await expect
    .poll(async () => (await assistant(page).textContent())?.length ?? 0, { timeout: 10_000 })
    .toBeGreaterThan(15);
}

/** Sends `text` and stops its reply part-way: an interrupted reply with some text. */
async function sendAndStopPartWay(page: Page, text: string) {
  await input(page).fill(text);
  await input(page).press('Enter');
  await repliedPartWay(page);
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await assistant(page).and(page.locator('[data-status="interrupted"]')).waitFor();
}

/** The last reply's markdown source as its Copy button puts it on the clipboard (the rendered text of a
 * reply cut part-way can differ from its end: an unclosed code span shows its backtick). */
async function source(page: Page): Promise<string> {
  await assistant(page).getByRole('button', { name: 'Copy message' }).click();
  await assistant(page).getByRole('button', { name: 'Copied' }).waitFor();
  return page.evaluate(() => navigator.clipboard.readText());
}

describe('branches', () => {
  it('regenerate adds a version; the switch shows either, and the one shown is remembered', async () => {
    await chatWithOneReply(s.page, 'Tell me a fact');
    await assistant(s.page).getByRole('button', { name: 'Regenerate reply' }).click();
    await expect.poll(() => versionOf(s.page, assistant(s.page)), { timeout: 20_000 }).toBe('2 / 2');
    await complete(s.page);
    await expectAccessibleScreen(s.page, 'chat with a regenerated reply');

    await assistant(s.page).getByRole('button', { name: 'Previous version' }).click();
    await expect.poll(() => versionOf(s.page, assistant(s.page))).toBe('1 / 2');
    await s.page.reload();
    await complete(s.page);
    await expect.poll(() => versionOf(s.page, assistant(s.page))).toBe('1 / 2');
    // Keyboard: the next-version button is reachable and works with Enter; the focus stays on the
    // navigator of the version shown (Next is now disabled: on Previous), so Enter goes back.
    await assistant(s.page).getByRole('button', { name: 'Next version' }).focus();
    await s.page.keyboard.press('Enter');
    await expect.poll(() => versionOf(s.page, assistant(s.page))).toBe('2 / 2');
    await expect
      .poll(() => s.page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Previous version');
    expect(await assistant(s.page).getByTestId('branch-nav').textContent()).toContain('Version 2 of 2');
    await s.page.keyboard.press('Enter');
    await expect.poll(() => versionOf(s.page, assistant(s.page))).toBe('1 / 2');
    await screenshot(s.page, 'branches-regenerated');
    expect(s.errors).toEqual([]);
  });

  it('edit with ↑ in the empty input: a new version of the message and a new reply; the old stays', async () => {
    await chatWithOneReply(s.page, 'First try');
    await input(s.page).press('ArrowUp');
    const editor = s.page.getByLabel('Edit message', { exact: true });
    await editor.fill('Second try');
    await s.page.getByRole('button', { name: 'Save', exact: true }).click();
    await userMessages(s.page).getByText('Second try').waitFor();
    await settled(s.page);
    const edited = userMessages(s.page).last();
    await expect.poll(() => versionOf(s.page, edited)).toBe('2 / 2');

    await edited.getByRole('button', { name: 'Previous version' }).click();
    await userMessages(s.page).getByText('First try').waitFor();
    expect(await userMessages(s.page).getByText('Second try').count()).toBe(0);

    // The Edit button does the same on any of the user's messages.
    await userMessages(s.page).last().getByRole('button', { name: 'Edit message' }).click();
    await s.page.getByLabel('Edit message', { exact: true }).fill('Third try');
    await s.page.getByLabel('Edit message', { exact: true }).press('Enter');
    await userMessages(s.page).getByText('Third try').waitFor();
    await settled(s.page);
    await expect.poll(() => versionOf(s.page, userMessages(s.page).last())).toBe('3 / 3');
    expect(s.errors).toEqual([]);
  });

  it('reload in the middle of a regenerate: the new reply is still there and completes', async () => {
    await signUpVerified(s.page);
    await s.page.goto(`${baseUrl}/`);
    await sendAndStopPartWay(s.page, 'Explain tides');
    await assistant(s.page).getByRole('button', { name: 'Regenerate reply' }).click();
    await assistant(s.page).and(s.page.locator('[data-status="streaming"]')).waitFor();
    await repliedPartWay(s.page);
    await s.page.reload();
    await s.page.getByTestId('mfe-chat').waitFor();
    await complete(s.page);
    expect(await assistant(s.page).textContent()).toContain('OPENAI_MODEL');
    await expect.poll(() => versionOf(s.page, assistant(s.page))).toBe('2 / 2');
  });

  it('a reply streaming on a branch left keeps streaming and is re-attached when shown again', async () => {
    await chatWithOneReply(s.page, 'Two answers');
    const first = (await assistant(s.page).locator('.chat-msg__body').textContent()) ?? '';
    await assistant(s.page).getByRole('button', { name: 'Regenerate reply' }).click();
    await assistant(s.page).and(s.page.locator('[data-status="streaming"]')).waitFor();
    await repliedPartWay(s.page);
    // The first version, while the second is still being written.
    await assistant(s.page).getByRole('button', { name: 'Previous version' }).click();
    await expect.poll(() => versionOf(s.page, assistant(s.page))).toBe('1 / 2');
    expect(await assistant(s.page).locator('.chat-msg__body').textContent()).toBe(first);
    await screenshot(s.page, 'branches-left-while-streaming');
    // Back: the second version is there, followed again until its end, and whole.
    await assistant(s.page).getByRole('button', { name: 'Next version' }).click();
    await expect.poll(() => versionOf(s.page, assistant(s.page))).toBe('2 / 2');
    await complete(s.page);
    expect(await assistant(s.page).textContent()).toContain('OPENAI_MODEL');
    await s.page.reload();
    await complete(s.page);
    expect(await assistant(s.page).textContent()).toContain('OPENAI_MODEL');
    expect(s.errors).toEqual([]);
  });

  // A crash, a restart and a lease running out on a loaded machine: more than the default minute.
  it(
    "a replica crash in the middle of an edited branch's reply: it completes on the edited branch",
    { timeout: 240_000 },
    async () => {
      await s.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
      await chatWithOneReply(s.page, 'Before the crash');
      const old = (await assistant(s.page).locator('.chat-msg__body').textContent()) ?? '';
      await input(s.page).press('ArrowUp');
      await s.page.getByLabel('Edit message', { exact: true }).fill('After the crash');
      await s.page.getByRole('button', { name: 'Save', exact: true }).click();
      await userMessages(s.page).getByText('After the crash').waitFor();
      await assistant(s.page).and(s.page.locator('[data-status="streaming"]')).waitFor();
      await repliedPartWay(s.page);
      const shown = await source(s.page);
      // The chat service is SIGKILLed while it writes the new branch's reply, and started again (the
      // harness has one chat replica: the restarted one is the replica that takes the reply over).
      expect((await fetch(`${controlUrl}/services/chat/crash`, { method: 'POST' })).status).toBe(200);
      // The page follows the reply again through the restart. Nobody writes it any more: once its lease
      // runs out it is interrupted, what was written kept (nothing the user saw is lost), with a Retry
      // that is free (the cut was ours).
      const cut = assistant(s.page).and(s.page.locator('[data-status="interrupted"]'));
      await cut.waitFor({ timeout: 60_000 });
      const kept = await source(s.page);
      expect(kept.length).toBeGreaterThanOrEqual(shown.length);
      expect(kept.startsWith(shown)).toBe(true);
      await screenshot(s.page, 'branches-edited-reply-cut-by-crash');
      await cut.getByRole('button', { name: 'Retry', exact: true }).click();
      await complete(s.page);
      expect(await assistant(s.page).textContent()).toContain('OPENAI_MODEL');
      // On the edited branch, and only there: one version of the reply (not doubled), the old branch as it
      // was, after a reload too.
      await s.page.reload();
      await complete(s.page);
      expect(await userMessages(s.page).textContent()).toContain('After the crash');
      expect(await s.page.locator('article.chat-msg').count()).toBe(2);
      await expect.poll(() => versionOf(s.page, userMessages(s.page).last())).toBe('2 / 2');
      expect(await assistant(s.page).getByTestId('branch-nav').count()).toBe(0);
      expect(await assistant(s.page).textContent()).toContain('OPENAI_MODEL');
      await userMessages(s.page).last().getByRole('button', { name: 'Previous version' }).click();
      await userMessages(s.page).getByText('Before the crash').waitFor();
      await expect.poll(() => assistant(s.page).locator('.chat-msg__body').textContent()).toBe(old);
      expect(await s.page.locator('article.chat-msg').count()).toBe(2);
      await s.page.reload();
      await complete(s.page);
      expect(await userMessages(s.page).textContent()).toContain('Before the crash');
      expect(await assistant(s.page).locator('.chat-msg__body').textContent()).toBe(old);
      // Only the stream the kill cut and the calls made while the service was down failed (the gateway
      // answered 502/503 for them).
      expect(s.errors.filter((e) => !/50[23]|ERR_INCOMPLETE_CHUNKED_ENCODING/.test(e))).toEqual([]);
    },
  );

  it('a stopped reply continues from where it stopped', async () => {
    await signUpVerified(s.page);
    await s.page.goto(`${baseUrl}/`);
    await sendAndStopPartWay(s.page, 'Go on and on');
    const partial = (await assistant(s.page).locator('.chat-msg__body').textContent()) ?? '';
    await s.page.getByRole('button', { name: 'Continue', exact: true }).click();
    await complete(s.page);
    const whole = (await assistant(s.page).locator('.chat-msg__body').textContent()) ?? '';
    expect(whole.startsWith(partial)).toBe(true);
    expect(whole).toContain('OPENAI_MODEL');
  });

  it('copy puts the message source on the clipboard in one click', async () => {
    await chatWithOneReply(s.page, 'Copy me');
    await userMessages(s.page).last().getByRole('button', { name: 'Copy message' }).click();
    await userMessages(s.page).last().getByRole('button', { name: 'Copied' }).waitFor();
  });

  it('feedback on a reply is kept across reloads; continue in a new chat copies the path', async () => {
    await chatWithOneReply(s.page, 'Rate this');
    await assistant(s.page).getByRole('button', { name: 'Good reply' }).click();
    await expect
      .poll(() => assistant(s.page).getByRole('button', { name: 'Good reply' }).getAttribute('aria-pressed'))
      .toBe('true');
    await assistant(s.page).getByRole('button', { name: 'Add a comment' }).click();
    await s.page.getByLabel('Feedback comment').fill('Clear and short');
    await s.page.getByRole('button', { name: 'Save comment' }).click();
    await assistant(s.page).getByRole('button', { name: 'Edit comment' }).waitFor();
    await s.page.reload();
    await complete(s.page);
    await expect
      .poll(() => assistant(s.page).getByRole('button', { name: 'Good reply' }).getAttribute('aria-pressed'))
      .toBe('true');

    const from = s.page.url();
    await userMessages(s.page).last().getByRole('button', { name: 'Continue in a new chat' }).click();
    await expect.poll(() => s.page.url()).not.toBe(from);
    await userMessages(s.page).getByText('Rate this').waitFor();
    expect(await s.page.locator('article.chat-msg--assistant').count()).toBe(0);
    expect(s.errors).toEqual([]);
  });

  it('custom instructions and a system prompt are saved, the prompt shown in the header', async () => {
    await chatWithOneReply(s.page, 'Plan a trip');
    await s.page.getByText('Instructions', { exact: true }).click();
    await s.page.getByLabel('System prompt (this conversation)').fill('You are a travel agent.');
    await s.page.getByRole('button', { name: 'Save', exact: true }).last().click();
    await s.page.getByTestId('system-prompt-badge').waitFor();
    await s.page.getByLabel('Custom instructions (all your conversations)').fill('Answer briefly.');
    await s.page.getByRole('button', { name: 'Save', exact: true }).first().click();
    await s.page.getByText('Custom instructions saved').waitFor();
    await s.page.reload();
    await s.page.getByTestId('system-prompt-badge').waitFor();
    expect(await s.page.getByTestId('system-prompt-badge').getAttribute('title')).toBe(
      'You are a travel agent.',
    );
    await s.page.getByText('Instructions', { exact: true }).click();
    await expect
      .poll(() => s.page.getByLabel('Custom instructions (all your conversations)').inputValue())
      .toBe('Answer briefly.');
    expect(s.errors).toEqual([]);
  });

  it('an edit refused by the usage limit keeps the typed text in the editor', async () => {
    await chatWithOneReply(s.page, 'Limited');
    // The limit itself is the server's (message-tree.api.test.ts); here only what the screen does with it.
    await s.page.route('**/api/conversations/*/messages/*/edit', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({
          code: 'USAGE_LIMIT_REACHED',
          message: 'You have reached your limit of 10 messages.',
          limit: 10,
          periodHours: 4,
          resetsAt: new Date(Date.now() + 3_600_000).toISOString(),
        }),
      }),
    );
    await userMessages(s.page).last().getByRole('button', { name: 'Edit message' }).click();
    await s.page.getByLabel('Edit message', { exact: true }).fill('Over the limit');
    await s.page.getByRole('button', { name: 'Save', exact: true }).click();
    await s.page.getByRole('alert').getByText('You have reached your limit').waitFor();
    expect(await s.page.getByLabel('Edit message', { exact: true }).inputValue()).toBe('Over the limit');
    // Nothing changed: cancelling shows the message as it was, with no new version.
    await s.page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await userMessages(s.page).getByText('Limited', { exact: true }).waitFor();
    expect(await s.page.getByTestId('branch-nav').count()).toBe(0);
  });
});
