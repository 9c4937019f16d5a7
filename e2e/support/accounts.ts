/**
 * Accounts for journeys that are not about accounts: created through the real API and the real mail
 * (the verification link read from the captured SMTP message), then signed in inside the browser context.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';

export type Account = { name: string; email: string; password: string };

export function newAccount(label = 'user'): Account {
  return {
    name: `E2E ${label}`,
    email: `${label}-${randomUUID().slice(0, 8)}@example.com`,
    password: 'correct-horse-42',
  };
}

/** Reads quoted-printable soft breaks and escapes out of a raw MIME message. */
export function decodeMail(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Waits for a message to `to` whose body contains `pattern`; returns the first capture group. */
export async function linkFromMail(to: string, pattern: RegExp, timeoutMs = 10_000): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await fetch(`${inject('mailboxUrl')}?to=${encodeURIComponent(to)}`);
        const mails = (await res.json()) as { raw: string }[];
        link = mails
          .reverse()
          .map((mail) => decodeMail(mail.raw).match(pattern)?.[1])
          .find((found) => found !== undefined);
        return link;
      },
      {
        timeout: timeoutMs,
        interval: 200,
        message: `No mail to ${to} matching ${pattern} within ${timeoutMs} ms`,
      },
    )
    .toBeDefined();
  return link!;
}

async function post(page: Page, path: string, data: unknown) {
  const baseUrl = inject('baseUrl');
  const res = await page.request.post(`${baseUrl}${path}`, { data, headers: { origin: baseUrl } });
  if (!res.ok()) throw new Error(`${path} answered ${res.status()}: ${await res.text()}`);
  return res;
}

/** Signs in through the sign-in form, as a person does; resolves once the sign-in screen is gone. */
export async function signIn(page: Page, account: Pick<Account, 'email' | 'password'>): Promise<void> {
  await page.goto(`${inject('baseUrl')}/`);
  await page.getByTestId('sign-in-email').fill(account.email);
  await page.getByTestId('sign-in-password').fill(account.password);
  await page.getByTestId('sign-in-submit').click();
  await page.getByTestId('sign-in-screen').waitFor({ state: 'detached' });
}

/** A new user, signed up and verified through the API and the real mail, then signed in through the form. */
export async function signUpVerified(page: Page, account: Account = newAccount()): Promise<Account> {
  await post(page, '/api/auth/signup', account);
  const token = await linkFromMail(account.email, /verify-email\?token=([A-Za-z0-9_-]+)/);
  const verified = await page.request.get(`${inject('baseUrl')}/api/verify-email?token=${token}`);
  if (!verified.ok()) throw new Error(`verification answered ${verified.status()}`);
  await signIn(page, account);
  return account;
}

export const adminAccount = { email: 'admin@noek.localhost', password: 'admin-password-e2e' };
