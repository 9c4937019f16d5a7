// The compose stack's journey, as a person does it: sign up in the form, follow the link from the mail,
// sign in, send a quick-start message and watch the offline assistant's reply stream to completion.
// The same steps and selectors as e2e/auth.e2e.ts and e2e/chat.e2e.ts, against a stack in containers.
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium } from '../../e2e/chromium';
import { decodeMail } from '../../e2e/support/accounts';
import type { MailCapture } from '../../e2e/mail-capture';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function linkInMail(mail: MailCapture, to: string, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const { raw } of mail.messages(to).reverse()) {
      const m = /(https?:\/\/[^\s"<>]+\/verify-email\?token=[A-Za-z0-9_-]+)/.exec(decodeMail(raw));
      if (m?.[1]) return m[1];
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no verification mail to ${to} within ${timeoutMs / 1000} s`);
}

async function signUp(page: Page, a: { name: string; email: string; password: string }) {
  await page.getByTestId('sign-in-screen').waitFor();
  await page.getByRole('button', { name: 'Sign up here' }).click();
  await page.getByTestId('sign-up-name').fill(a.name);
  await page.getByTestId('sign-up-email').fill(a.email);
  await page.getByTestId('sign-up-password').fill(a.password);
  await page.getByTestId('sign-up-confirm').fill(a.password);
  await page.getByTestId('sign-up-submit').click();
  await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();
}

async function chat(page: Page) {
  await page.getByTestId('mfe-chat').waitFor();
  await page.getByText('How can I help you today?').waitFor();
  await page.getByRole('button', { name: 'Explain a complex topic' }).click();
  await page.waitForURL(/\/chat\/\d+$/);
  const reply = page.locator('article.chat-msg--assistant').last();
  await reply.and(page.locator('[data-status="complete"]')).waitFor({ timeout: 30_000 });
  const text = (await reply.textContent()) ?? '';
  if (!text.includes('Offline assistant')) throw new Error(`unexpected reply: ${text.slice(0, 200)}`);
}

export async function runJourney(o: { baseUrl: string; mail: MailCapture }): Promise<void> {
  const browser = await launchChromium(CHROMIUM);
  try {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    page.setDefaultTimeout(30_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // What the product answered with an error: printed when a step fails.
    const failures: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400)
        failures.push(`${r.request().method()} ${new URL(r.url()).pathname} ${r.status()}`);
    });
    const account = {
      name: 'Compose User',
      email: `compose-${randomUUID().slice(0, 8)}@example.com`,
      password: 'correct-horse-42',
    };
    await page.goto(`${o.baseUrl}/`);
    await signUp(page, account);
    // Links point at APP_ORIGIN, which is this stack's published address.
    const link = await linkInMail(o.mail, account.email);
    await page.goto(`${o.baseUrl}${new URL(link).pathname}${new URL(link).search}`);
    await page.getByTestId('verify-welcome').waitFor();
    await page.getByRole('button', { name: 'Continue to Sign In' }).click();
    await page.getByTestId('sign-in-email').fill(account.email);
    await page.getByTestId('sign-in-password').fill(account.password);
    await page.getByTestId('sign-in-submit').click();
    await chat(page).catch(async (err: Error) => {
      const shot = join(tmpdir(), `noek-compose-journey-${Date.now()}.png`);
      await page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
      const text = (
        (await page
          .locator('body')
          .textContent()
          .catch(() => '')) ?? ''
      ).replace(/\s+/g, ' ');
      throw new Error(
        `${err.message}\n  at ${page.url()}\n  page text: ${text.slice(0, 600)}\n  error answers: ${failures.join(', ') || 'none'}` +
          `\n  page errors: ${errors.join('; ') || 'none'}\n  screenshot: ${shot}`,
      );
    });
    if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
  } finally {
    await browser.close();
  }
}
