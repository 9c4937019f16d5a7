/**
 * Billing journeys through the real gateway, services as separate processes, payments against
 * the local payment simulator (no Stripe key): its signed webhooks reach billing through the gateway.
 */
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, screenshot, type Session } from './browser';
import { newAccount, signUpVerified } from './support/accounts';

const baseUrl = inject('baseUrl');
let s: Session;

beforeEach(async () => {
  s = await openBrowser();
});
afterEach(async () => {
  await s.close();
});

/** Console errors other than the failed responses a journey provokes on purpose. */
const unexpected = (errors: string[]) => errors.filter((e) => !/status of 402/.test(e));

async function openPaymentForm(page: Page) {
  await page.goto(`${baseUrl}/`);
  await page.getByTestId('mfe-chat').waitFor();
  await page.getByRole('button', { name: 'Upgrade to SuperNoek' }).click();
  await page.getByTestId('plan-comparison').waitFor();
  expect(await page.getByTestId('plan-comparison').textContent()).toContain('$30.00');
  await page.getByTestId('upgrade').click();
  await page.locator('.noek-toast-title', { hasText: 'Payment Form Ready' }).waitFor();
  await page.getByTestId('test-card-form').waitFor();
  expect(await page.getByTestId('test-mode-label').textContent()).toBe('Test mode — no real payment');
}

async function payWith(page: Page, card: string) {
  await page.getByTestId('card-number').fill(card);
  await page.getByTestId('card-expiry').fill('12/34');
  await page.getByTestId('card-cvc').fill('123');
  await page.getByTestId('pay').click();
}

describe('billing journeys', () => {
  it('a basic user upgrades with 4242, sees the confetti, then cancels and reactivates', async () => {
    await signUpVerified(s.page);
    await openPaymentForm(s.page);
    await payWith(s.page, '4242 4242 4242 4242');
    await s.page.waitForURL(/\/success$/);
    await s.page.getByRole('heading', { name: 'Welcome to SuperNoek!' }).waitFor({ timeout: 20_000 });
    expect(await s.page.locator('.billing-confetti__icon').count()).toBe(50);
    await screenshot(s.page, 'billing-success');
    await s.page.getByTestId('confetti').waitFor({ state: 'detached', timeout: 5000 });

    await s.page.getByTestId('start-chatting').click();
    await s.page.getByTestId('mfe-chat').waitFor();
    await expect
      .poll(() => s.page.getByRole('button', { name: 'Upgrade to SuperNoek' }).count(), { timeout: 10_000 })
      .toBe(0);

    await s.page.getByRole('button', { name: 'Account' }).click();
    await s.page.getByTestId('account-plan').waitFor();
    await expect.poll(() => s.page.getByTestId('plan-name').textContent()).toBe('SuperNoek');
    expect(await s.page.getByTestId('plan-price').textContent()).toBe('$30.00 / month');
    expect(await s.page.getByTestId('plan-status').textContent()).toBe('Active');
    expect(await s.page.getByTestId('plan-next-billing').textContent()).toMatch(/\d{4}$/);

    await s.page.getByTestId('cancel-subscription').click();
    await s.page.getByTestId('confirm-cancel-yes').click();
    await s.page.locator('.noek-toast-title', { hasText: 'Subscription Cancelled' }).waitFor();
    await expect.poll(() => s.page.getByTestId('plan-status').textContent()).toBe('Cancelling');
    await screenshot(s.page, 'billing-cancelling');

    await s.page.getByTestId('reactivate-subscription').click();
    await s.page.locator('.noek-toast-title', { hasText: 'Subscription Reactivated' }).waitFor();
    await expect.poll(() => s.page.getByTestId('plan-status').textContent()).toBe('Active');
    expect(unexpected(s.errors)).toEqual([]);
  });

  it("a declined card shows 'Payment Failed' with the provider's message", async () => {
    await signUpVerified(s.page);
    await openPaymentForm(s.page);
    await payWith(s.page, '4000 0000 0000 0002');
    const toast = s.page.locator('.noek-toast', { hasText: 'Payment Failed' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain('Your card was declined.');
    expect(await s.page.getByTestId('payment-error').textContent()).toBe('Your card was declined.');
    await screenshot(s.page, 'billing-declined');
    // Still basic: the form stays, and the upgrade is still offered.
    expect(s.page.url()).not.toMatch(/\/success$/);
    expect(unexpected(s.errors)).toEqual([]);
  });

  it('signed out, /subscribe shows sign-in and returns to /subscribe after it', async () => {
    const account = await signUpVerified(s.page, newAccount('subscriber'));
    await s.page.context().clearCookies();
    await s.page.evaluate(() => localStorage.clear());
    await s.page.goto(`${baseUrl}/subscribe`);
    await s.page.getByTestId('sign-in-screen').waitFor();
    await s.page.getByTestId('sign-in-email').fill(account.email);
    await s.page.getByTestId('sign-in-password').fill(account.password);
    await s.page.getByTestId('sign-in-submit').click();
    await s.page.getByTestId('plan-comparison').waitFor();
    expect(new URL(s.page.url()).pathname).toBe('/subscribe');
  });
});
