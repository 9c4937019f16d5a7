/**
 * Models as users and admins meet them: an admin adds an OpenAI-compatible provider on the Providers tab
 * (a local fake OpenAI server, the real openai SDK in chat between); a user picks one of its models, gets
 * a streamed reply labelled with it, and finds the choice kept after a reload; a model the user's plan
 * leaves out is refused, naming the plan that has it, with the upgrade; a provider that refuses the key
 * ends the reply with its own message, never left streaming. The provider and the plan are put back after.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { apiRoutes, defaultPlanLimits, routePath, type PlanLimits } from '@noek/contracts';
import { startFakeOpenAi, type FakeOpenAi } from '../services/chat/src/test/fake-openai-server';
import { openBrowser, screenshot, type Session } from './browser';
import { adminAccount, signIn, signUpVerified } from './support/accounts';

const baseUrl = inject('baseUrl');
const KEY = 'sk-e2e-lab-key-4321';
let fake: FakeOpenAi;
let s: Session;

beforeAll(async () => {
  fake = await startFakeOpenAi(
    0,
    { chunks: ['Written', ' by', ' the', ' lab'] },
    {
      models: ['lab-small', 'lab-large'],
      apiKey: KEY,
    },
  );
});
/** An admin's call from a signed-in admin page (same origin: the session cookie and Origin go with it). */
async function adminCall(page: Page, method: string, path: string, body?: unknown): Promise<number> {
  return page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(p as string, {
        method: m as string,
        headers: { 'Content-Type': 'application/json' },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return res.status;
    },
    [method, path, body] as const,
  );
}

const basicPlan = (over: Partial<PlanLimits>) => ({ ...defaultPlanLimits('basic'), ...over });

afterAll(async () => {
  // Other journeys expect the offline responder and the spec's plans: the provider and the plan go back.
  const admin = await openBrowser();
  try {
    await signIn(admin.page, adminAccount);
    await adminCall(admin.page, 'DELETE', routePath(apiRoutes.admin.deleteProvider, { providerId: 'lab' }));
    await adminCall(
      admin.page,
      'PATCH',
      routePath(apiRoutes.admin.updatePlan, { level: 'basic' }),
      basicPlan({}),
    );
  } finally {
    await admin.close();
    await fake?.close();
  }
});
beforeEach(async () => {
  s = await openBrowser();
});
afterEach(async () => {
  await s.close();
});

describe('providers managed by admins', () => {
  it('an admin adds a provider: a bad URL is named, then its health and key hint show', async () => {
    const admin = s.page;
    await signIn(admin, adminAccount);
    await admin.getByRole('button', { name: 'Admin', exact: true }).click();
    await admin.getByRole('tab', { name: 'Providers' }).click();
    await admin.getByTestId('admin-providers').waitFor();
    await admin.getByRole('button', { name: 'Add Provider' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add Provider' });
    const field = (label: string) =>
      dialog.locator('label', { has: admin.getByText(label, { exact: true }) }).locator('input');
    await field('ID').fill('lab');
    await field('Name').fill('GPU lab');
    await field('Base URL').fill('not a url');
    await field('API Key').fill(KEY);
    await dialog.getByRole('button', { name: 'Add Provider' }).click();
    await dialog.getByTestId('provider-error-baseUrl').waitFor();
    await field('Base URL').fill(fake.url);
    await dialog.getByRole('button', { name: 'Add Provider' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = admin.getByTestId('provider-lab');
    await expect.poll(() => row.textContent()).toContain('OK');
    expect(await row.textContent()).toContain('Set (…4321)');
    expect(await admin.content()).not.toContain(KEY);
    await screenshot(admin, 'admin-providers');
    expect(s.errors).toEqual([]);
  });

  it("a user picks the provider's model and gets a streamed reply written by it", async () => {
    const page = s.page;
    await signUpVerified(page);
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('mfe-chat').waitFor();
    const composer = page.getByLabel('Message', { exact: true });
    await composer.fill('Hello lab');
    await composer.press('Enter');
    await page.waitForURL(/\/chat\/\d+$/);
    const reply = page.locator('article.chat-msg--assistant').last();
    await reply.and(page.locator('[data-status="complete"]')).waitFor({ timeout: 20_000 });
    expect(await reply.textContent()).toContain('Written by the lab');
    expect(await reply.getByTestId('reply-model').textContent()).toBe('lab-small');

    await page.getByTestId('model-picker').selectOption('lab/lab-large');
    await expect.poll(() => page.getByTestId('model-picker').inputValue()).toBe('lab/lab-large');
    await composer.fill('Again, bigger');
    await composer.press('Enter');
    const second = page.locator('article.chat-msg--assistant').nth(1);
    await second.and(page.locator('[data-status="complete"]')).waitFor({ timeout: 20_000 });
    expect(await second.getByTestId('reply-model').textContent()).toBe('lab-large');
    expect(fake.requests.at(-1)?.body.model).toBe('lab-large');
    await screenshot(page, 'reply-by-stored-provider');

    // The choice stays with the conversation after a reload.
    await page.reload();
    await expect.poll(() => page.getByTestId('model-picker').inputValue()).toBe('lab/lab-large');
    expect(s.errors).toEqual([]);
  });

  it("a model the user's plan leaves out is refused, naming the plan that has it, with the upgrade", async () => {
    const admin = await openBrowser();
    try {
      await signIn(admin.page, adminAccount);
      const status = await adminCall(
        admin.page,
        'PATCH',
        routePath(apiRoutes.admin.updatePlan, { level: 'basic' }),
        basicPlan({ allowedModels: ['lab/lab-small'] }),
      );
      expect(status).toBe(200);
    } finally {
      await admin.close();
    }
    const page = s.page;
    await signUpVerified(page);
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('mfe-chat').waitFor();
    const composer = page.getByLabel('Message', { exact: true });
    await composer.fill('Hello small');
    await composer.press('Enter');
    await page.waitForURL(/\/chat\/\d+$/);
    const picker = page.getByTestId('model-picker');
    await expect
      .poll(() => picker.locator('option', { hasText: 'lab-large' }).textContent())
      .toContain('SuperNoek');
    await picker.selectOption('lab/lab-large');
    const alert = page.locator('.chat-model__locked');
    await expect.poll(() => alert.textContent()).toContain('lab-large is available on SuperNoek.');
    await alert.getByRole('button', { name: 'Upgrade to SuperNoek' }).waitFor();
    // Nothing was picked: the conversation keeps the model the plan allows.
    expect(await picker.inputValue()).toBe('lab/lab-small');
    await screenshot(page, 'model-not-on-plan');
    expect(s.errors).toEqual([]);
  });

  it('a provider that refuses the key ends the reply with its own message, never left streaming', async () => {
    fake.script = {
      chunks: [],
      failStatus: 401,
      failError: { message: `Incorrect API key provided: ${KEY}`, code: 'invalid_api_key' },
    };
    try {
      const page = s.page;
      await signUpVerified(page);
      await page.goto(`${baseUrl}/`);
      await page.getByTestId('mfe-chat').waitFor();
      const composer = page.getByLabel('Message', { exact: true });
      await composer.fill('Hello refused');
      await composer.press('Enter');
      await page.waitForURL(/\/chat\/\d+$/);
      const reply = page.locator('article.chat-msg--assistant').last();
      await expect
        .poll(() => reply.textContent(), { timeout: 20_000 })
        .toContain("The AI model's server refused this Noek server's API key.");
      expect(await reply.getAttribute('data-status')).not.toBe('streaming');
      expect(await page.content()).not.toContain(KEY);
      await screenshot(page, 'provider-refused-key');
      expect(s.errors).toEqual([]);
    } finally {
      fake.script = { chunks: ['Written', ' by', ' the', ' lab'] };
    }
  });
});
