/**
 * Chat journeys through the real gateway, services as separate processes, the offline
 * assistant (no model key configured) streaming its labelled reply.
 */
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { encodeStreamEvent, type Message } from '@noek/contracts';
import { XSS_CORPUS } from '../mfe-chat/src/features/markdown/xss-corpus';
import { openBrowser, screenshot, type Session } from './browser';
import { signUpVerified } from './support/accounts';
import { expectAccessibleScreen, expectNoAxeViolations } from './support/a11y';

const baseUrl = inject('baseUrl');
let s: Session;

beforeEach(async () => {
  s = await openBrowser();
});
afterEach(async () => {
  await s.close();
});

const assistant = (page: Page) => page.locator('article.chat-msg--assistant').last();
const rows = (page: Page) => page.getByTestId('conversation-row');

async function openChat(page: Page) {
  await signUpVerified(page);
  await page.goto(`${baseUrl}/`);
  await page.getByTestId('mfe-chat').waitFor();
}

async function createConversations(page: Page, n: number) {
  for (let i = 0; i < n; i++) {
    const res = await page.request.post(`${baseUrl}/api/conversations`, {
      data: { title: `Bulk ${i + 1}` },
      headers: { origin: baseUrl },
    });
    expect(res.status()).toBe(201);
  }
}

describe('chat journeys', () => {
  it('a new user clicks a quick-start card and sees a streamed reply', async () => {
    await openChat(s.page);
    await s.page.getByText('How can I help you today?').waitFor();
    await expectAccessibleScreen(s.page, 'chat, empty');
    await s.page.getByRole('button', { name: 'Explain a complex topic' }).click();
    await s.page.waitForURL(/\/chat\/\d+$/);
    await s.page.locator('article.chat-msg--user').getByText('Explain a complex topic').waitFor();
    // Streams: the reply grows, then completes with the offline label and how to configure a model.
    await expect
      .poll(async () => (await assistant(s.page).textContent())?.length ?? 0, { timeout: 10_000 })
      .toBeGreaterThan(20);
    await assistant(s.page).and(s.page.locator('[data-status="complete"]')).waitFor({ timeout: 20_000 });
    const text = await assistant(s.page).textContent();
    expect(text).toContain('Offline assistant');
    expect(text).toContain('OPENAI_API_KEY');
    await expect.poll(() => rows(s.page).first().textContent()).toContain('Explain a complex topic');
    await expectAccessibleScreen(s.page, 'chat with messages');
    await screenshot(s.page, 'chat-quick-start');
    expect(s.errors).toEqual([]);
  });

  it('rename, archive, restore and delete a conversation', async () => {
    await openChat(s.page);
    await createConversations(s.page, 1);
    await s.page.reload();
    const row = rows(s.page).first();
    await row.waitFor();
    await row.getByRole('button', { name: 'Edit title' }).click();
    await s.page.getByLabel('Conversation title').fill('  Holiday plans  ');
    await s.page.getByLabel('Conversation title').press('Enter');
    await rows(s.page).getByText('Holiday plans').waitFor();

    await rows(s.page).first().getByRole('button', { name: 'Archive' }).click();
    await expect.poll(() => rows(s.page).count()).toBe(0);
    await s.page.getByRole('tab', { name: 'Archive' }).click();
    await rows(s.page).getByText('Holiday plans').waitFor();
    await rows(s.page).first().getByRole('button', { name: 'Restore' }).click();
    await expect.poll(() => rows(s.page).count()).toBe(0);
    await s.page.getByRole('tab', { name: 'Active' }).click();
    await rows(s.page).getByText('Holiday plans').waitFor();

    await rows(s.page).first().getByRole('button', { name: 'Delete' }).click();
    await s.page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => rows(s.page).count()).toBe(0);
    const list = await s.page.request.get(`${baseUrl}/api/conversations`);
    expect(await list.json()).toEqual([]);
  });

  it('bulk select stops at 10', async () => {
    await openChat(s.page);
    await createConversations(s.page, 11);
    await s.page.reload();
    await expect.poll(() => rows(s.page).count()).toBe(11);
    await s.page.getByRole('button', { name: 'Select', exact: true }).click();
    const boxes = s.page.getByRole('checkbox');
    for (let i = 0; i < 10; i++) await boxes.nth(i).check();
    expect(await s.page.getByTestId('selected-count').textContent()).toBe('10/10');
    expect(await boxes.nth(10).isDisabled()).toBe(true);
    await expectAccessibleScreen(s.page, 'select mode');
    // The confirmation, by keyboard: it takes focus, Tab stays inside, Escape cancels.
    await s.page.getByRole('button', { name: 'Archive Selected' }).focus();
    await s.page.keyboard.press('Enter');
    const dialog = s.page.getByRole('alertdialog');
    await dialog.waitFor();
    await expectNoAxeViolations(s.page, 'confirm dialog');
    for (let i = 0; i < 4; i++) {
      await s.page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await s.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await s.page.getByTestId('selected-count').textContent()).toBe('10/10');
    await s.page.getByRole('button', { name: 'Archive Selected' }).click();
    await s.page.getByRole('alertdialog').getByRole('button', { name: 'Archive' }).click();
    await expect.poll(() => rows(s.page).count()).toBe(1);
  });

  // Issue 9: a refused send keeps what was typed and leaves no empty 'New Chat' behind. The refusals
  // are given at the HTTP level (the chat API's own 429 body, a dropped connection, a 500), as the
  // usage limit itself is covered by the chat service's API tests.
  const refusals: [string, (route: Route) => Promise<void>][] = [
    [
      'the usage limit (429)',
      (route) =>
        route.fulfill({
          status: 429,
          contentType: 'application/json',
          headers: { 'retry-after': '3600' },
          body: JSON.stringify({
            code: 'USAGE_LIMIT_REACHED',
            message: 'You have reached your limit of 3,000 messages. It resets in 1 hour.',
          }),
        }),
    ],
    ['the network', (route) => route.abort('connectionreset')],
    ['a server error (500)', (route) => route.fulfill({ status: 500, body: '' })],
  ];
  it.each(refusals)(
    'a first message refused by %s keeps its text and no conversation',
    async (_w, refuse) => {
      await openChat(s.page);
      await s.page.route(/\/api\/conversations\/\d+\/messages$/, (route) =>
        route.request().method() === 'POST' ? refuse(route) : route.fallback(),
      );
      const box = s.page.getByLabel('Message', { exact: true });
      await box.fill('My carefully typed question');
      await box.press('Enter');
      await s.page.getByRole('alert').waitFor();
      await expect.poll(() => box.isEnabled()).toBe(true);
      expect(await box.inputValue()).toBe('My carefully typed question');
      await s.page.waitForURL(`${baseUrl}/`);
      await expect
        .poll(async () => (await s.page.request.get(`${baseUrl}/api/conversations`)).json())
        .toEqual([]);
      expect(await rows(s.page).count()).toBe(0);
      // Once the server takes it again, the same text goes out.
      await s.page.unroute(/\/api\/conversations\/\d+\/messages$/);
      await box.press('Enter');
      await s.page.waitForURL(/\/chat\/\d+$/);
      await s.page.locator('article.chat-msg--user').getByText('My carefully typed question').waitFor();
      await expect.poll(() => box.inputValue()).toBe('');
    },
  );

  it('on a 360 px phone: no sideways scroll, sign-out in reach, the sidebar opens from the menu', async () => {
    await s.page.setViewportSize({ width: 360, height: 740 });
    await openChat(s.page);
    const signOut = s.page.getByRole('button', { name: 'Sign out' });
    const box = await signOut.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    await s.page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await s.page.getByRole('button', { name: 'New chat' }).waitFor();
    await expectAccessibleScreen(s.page, 'chat, sidebar open on a phone');
    await screenshot(s.page, 'chat-phone-360');
    await signOut.click();
    await s.page.getByTestId('sign-in-screen').waitFor();
  });

  it('reload during a streaming reply: the reply is still there and completes', async () => {
    await openChat(s.page);
    await s.page.getByLabel('Message', { exact: true }).fill('Tell me something');
    await s.page.getByLabel('Message', { exact: true }).press('Enter');
    await s.page.waitForURL(/\/chat\/\d+$/);
    await expect
      .poll(async () => (await assistant(s.page).textContent())?.length ?? 0, { timeout: 10_000 })
      .toBeGreaterThan(15);
    await s.page.reload();
    await s.page.getByTestId('mfe-chat').waitFor();
    await assistant(s.page).and(s.page.locator('[data-status="complete"]')).waitFor({ timeout: 20_000 });
    await s.page.locator('article.chat-msg--user').getByText('Tell me something').waitFor();
    const text = (await assistant(s.page).textContent()) ?? '';
    expect(text).toContain('Offline assistant');
    expect(text).toContain('OPENAI_MODEL');
    await screenshot(s.page, 'chat-reload-during-stream');
  });

  it('Stop keeps the partial reply and offers Retry, which completes it', async () => {
    await openChat(s.page);
    await s.page.getByLabel('Message', { exact: true }).fill('Write a long answer');
    await s.page.getByLabel('Message', { exact: true }).press('Enter');
    await expect
      .poll(async () => (await assistant(s.page).textContent())?.length ?? 0, { timeout: 10_000 })
      .toBeGreaterThan(15);
    await s.page.getByRole('button', { name: 'Stop', exact: true }).click();
    await assistant(s.page).and(s.page.locator('[data-status="interrupted"]')).waitFor();
    const partial = (await assistant(s.page).textContent()) ?? '';
    expect(partial).not.toContain('OPENAI_MODEL');
    await s.page.getByRole('button', { name: 'Retry' }).click();
    await assistant(s.page).and(s.page.locator('[data-status="complete"]')).waitFor({ timeout: 20_000 });
    expect(await assistant(s.page).textContent()).toContain('OPENAI_MODEL');
  });

  it('fun mode: the toggle sends the command and the badge follows', async () => {
    await openChat(s.page);
    expect(await s.page.getByTestId('fun-mode-badge').count()).toBe(0);
    await s.page.getByTitle('Toggle Fun Mode').click();
    await s.page.getByTestId('fun-mode-badge').waitFor();
    expect(await s.page.getByTestId('fun-mode-badge').textContent()).toBe('Fun Mode');
    await s.page.locator('article.chat-msg--user').getByText(':fun.mode=on').waitFor();
    await s.page.reload();
    await s.page.getByTestId('fun-mode-badge').waitFor();
    await s.page.getByLabel('Message', { exact: true }).fill(':fun.mode=off');
    await s.page.getByLabel('Message', { exact: true }).press('Enter');
    await expect.poll(() => s.page.getByTestId('fun-mode-badge').count()).toBe(0);
  });

  /**
   * What the page does with the messages is done: the markdown chunk rendered every message (none is
   * left as its plain-text stand-in), the lazy chunks it asked for (KaTeX, grammars) arrived, and a
   * frame was painted after that.
   */
  async function settled(page: Page) {
    await page.waitForFunction(
      () =>
        document.querySelector('.chat-messages .chat-md') !== null &&
        document.querySelector('.chat-messages .chat-md--plain') === null,
    );
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  }

  async function inertChatDom(page: Page) {
    return page.evaluate(() => ({
      xss: (window as { __xss?: unknown }).__xss,
      // In what the messages say (the action rows carry our own SVG icons).
      tags: document.querySelectorAll(
        '.chat-msg__body script, .chat-msg__body img, .chat-msg__body svg, .chat-msg__body iframe',
      ).length,
      badLinks: [...document.querySelectorAll('.chat-messages a')].filter(
        (a) => !/^(https?:|mailto:|\/|#)/.test(a.getAttribute('href') ?? ''),
      ).length,
    }));
  }
  const inert = { xss: undefined, tags: 0, badLinks: 0 };

  it('runs no script from the XSS corpus a user sends: live, and stored then reloaded', async () => {
    await openChat(s.page);
    let dialogs = 0;
    s.page.on('dialog', (d) => {
      dialogs++;
      void d.dismiss();
    });
    await s.page.getByLabel('Message', { exact: true }).fill(XSS_CORPUS.join('\n\n'));
    await s.page.getByLabel('Message', { exact: true }).press('Enter');
    await assistant(s.page).and(s.page.locator('[data-status="complete"]')).waitFor({ timeout: 20_000 });
    expect(await inertChatDom(s.page)).toEqual(inert);
    await s.page.reload();
    await s.page.locator('article.chat-msg--user').first().waitFor();
    await settled(s.page);
    expect(await inertChatDom(s.page)).toEqual(inert);
    expect(dialogs).toBe(0);
  });

  it('runs no script from the XSS corpus streamed as model output', async () => {
    await openChat(s.page);
    let dialogs = 0;
    s.page.on('dialog', (d) => {
      dialogs++;
      void d.dismiss();
    });
    // This checks the browser client, so the chat API's answers for one conversation are given at the HTTP
    // level (the stream of a model that writes the corpus, and the stored result the client fetches after).
    const now = new Date().toISOString();
    const messagesOf = (id: number) => {
      const base = { conversationId: id, createdAt: now };
      const user: Message = {
        ...base,
        id: 900_001,
        role: 'user',
        content: 'Show me some HTML',
        status: 'complete',
      };
      const reply: Message = { ...base, id: 900_002, role: 'assistant', content: '', status: 'streaming' };
      return {
        user,
        reply,
        final: { ...reply, content: XSS_CORPUS.join('\n\n'), status: 'complete' as const },
      };
    };
    await s.page.route(/\/api\/conversations\/\d+\/messages$/, async (route) => {
      const id = Number(/conversations\/(\d+)/.exec(route.request().url())?.[1]);
      const { user, reply, final } = messagesOf(id);
      if (route.request().method() === 'GET') {
        return route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify([user, final]),
        });
      }
      const conversation = {
        id,
        title: 'xss',
        userId: '00000000-0000-4000-8000-000000000000',
        createdAt: now,
        updatedAt: now,
        archivedAt: null,
        funMode: false,
      };
      const frames = [
        encodeStreamEvent({ type: 'started', userMessage: user, assistantMessage: reply, conversation }),
        ...XSS_CORPUS.map((text) =>
          encodeStreamEvent({ type: 'token', messageId: reply.id, text: `${text}\n\n` }),
        ),
        encodeStreamEvent({ type: 'done', assistantMessage: final }),
      ];
      return route.fulfill({
        status: 200,
        headers: { 'content-type': 'text/event-stream' },
        body: frames.join(''),
      });
    });
    await s.page.getByLabel('Message', { exact: true }).fill('Show me some HTML');
    await s.page.getByLabel('Message', { exact: true }).press('Enter');
    await assistant(s.page).and(s.page.locator('[data-status="complete"]')).waitFor();
    await settled(s.page);
    expect(await inertChatDom(s.page)).toEqual(inert);
    expect(dialogs).toBe(0);
  });
});
