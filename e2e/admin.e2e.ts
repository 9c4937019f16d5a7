/**
 * Admin journeys through the real gateway, every service its own process: an admin searches,
 * pages and uses every dialog with its toast; a second browser signed in as the affected user sees the effect.
 */
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiRoutes, routePath } from '@noek/contracts/routes';
import { startFakeOpenAi } from '../services/chat/src/test/fake-openai-server';
import { openBrowser, screenshot, type Session } from './browser';
import { adminAccount, newAccount, signIn, signUpVerified, type Account } from './support/accounts';

const baseUrl = inject('baseUrl');
let admin: Session;
let member: Session;

beforeEach(async () => {
  admin = await openBrowser();
  member = await openBrowser();
});
afterEach(async () => {
  await admin.close();
  await member.close();
});

async function openDashboard(page: Page) {
  await signIn(page, adminAccount);
  await page.getByRole('button', { name: 'Admin', exact: true }).click();
  // The console opens on the overview; the users' table is its Users tab.
  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByTestId('mfe-admin').waitFor();
  await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
}

const row = (page: Page, email: string) => page.locator(`tr[data-user-email="${email}"]`);

async function search(page: Page, text: string) {
  await page.getByLabel('Search users').fill(text);
}

/** The one toast (spec §9) has this title (and description, when given). */
async function toast(page: Page, title: string, description?: string) {
  const t = page.getByTestId('toast').filter({ hasText: title });
  await t.waitFor({ timeout: 10_000 });
  if (description) expect(await t.textContent()).toContain(description);
  await t.getByRole('button', { name: 'Dismiss' }).click();
}

async function action(page: Page, email: string, name: string) {
  await row(page, email).getByRole('button', { name, exact: true }).click();
}

describe('admin journeys', () => {
  it('searches and pages the users, with the total count', async () => {
    for (let i = 0; i < 31; i++) {
      const a = newAccount(`page${i}`);
      const res = await admin.page.request.post(`${baseUrl}/api/auth/signup`, {
        data: a,
        headers: { origin: baseUrl },
      });
      expect(res.ok()).toBe(true);
    }
    await openDashboard(admin.page);
    await expect
      .poll(async () =>
        Number((await admin.page.getByTestId('admin-total').textContent())?.replace(/\D/g, '')),
      )
      .toBeGreaterThan(31);
    expect(await admin.page.locator('tbody tr').count()).toBe(30);
    for (const h of [
      'Name',
      'Email',
      'Access Level',
      'Usage',
      'Reset Period',
      'Status',
      'Special Features',
      'Actions',
    ])
      await admin.page.getByRole('columnheader', { name: h, exact: true }).waitFor();
    await admin.page.getByRole('button', { name: 'Next' }).click();
    await admin.page
      .getByRole('button', { name: '2', exact: true })
      .and(admin.page.locator('[aria-current="page"]'))
      .waitFor();
    await admin.page.getByRole('button', { name: 'Previous' }).click();
    await search(admin.page, 'page3');
    await expect.poll(() => admin.page.locator('tbody tr').count()).toBe(2); // page3 and page30
    await search(admin.page, 'admin');
    await row(admin.page, adminAccount.email).waitFor();
    await screenshot(admin.page, 'admin-search');
    expect(admin.errors).toEqual([]);
  });

  it('every dialog and action with its toast; the affected user sees each effect', async () => {
    const user: Account = await signUpVerified(member.page);
    await openDashboard(admin.page);
    await search(admin.page, user.email);
    await row(admin.page, user.email).waitFor();

    // Edit User
    await action(admin.page, user.email, 'Edit');
    const edit = admin.page.getByRole('dialog', { name: 'Edit User' });
    await edit.getByLabel('Name').fill('Edited Name');
    await edit.getByLabel('Special Features').fill('beta, , early ');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await toast(admin.page, 'Success', 'User updated successfully');
    await expect.poll(() => row(admin.page, user.email).textContent()).toContain('beta, early');

    // Edit User Usage, then Reset
    await action(admin.page, user.email, 'Usage');
    const usage = admin.page.getByRole('dialog', { name: 'Edit User Usage' });
    await usage.getByLabel('Message Count').fill('7');
    await usage.getByRole('button', { name: 'Update Usage' }).click();
    await toast(admin.page, 'Usage Updated');
    await expect.poll(() => row(admin.page, user.email).textContent()).toContain('7 / 3000');
    await action(admin.page, user.email, 'Reset');
    await toast(admin.page, 'Usage Reset', 'Message count reset to 0');

    // Grant SuperNoek: the user's upgrade offer disappears; the action hides for a supernoek user.
    await member.page.getByRole('button', { name: 'Upgrade to SuperNoek' }).waitFor();
    await action(admin.page, user.email, 'Grant SuperNoek');
    const grant = admin.page.getByRole('dialog', { name: 'Grant SuperNoek Plan' });
    expect(await grant.getByLabel('Send notification email').isChecked()).toBe(true);
    await grant.getByRole('button', { name: 'Grant SuperNoek' }).click();
    await toast(admin.page, 'SuperNoek Granted');
    await expect
      .poll(() => row(admin.page, user.email).getByRole('button', { name: 'Grant SuperNoek' }).count())
      .toBe(0);
    // The member's browser keeps its session: its old token is refused, it renews into the new level.
    await member.page.reload();
    await member.page.getByTestId('mfe-chat').waitFor();
    await expect
      .poll(() => member.page.getByRole('button', { name: 'Upgrade to SuperNoek' }).count())
      .toBe(0);
    expect(await member.page.getByTestId('sign-in-screen').count()).toBe(0);
    expect(await member.page.getByTestId('sidebar-footer').textContent()).toContain('SuperNoek plan');

    // Block: the member's next send ends that browser's session and says why; signed in again, sending
    // is refused with the reason and the typed text stays. Then Unblock.
    await action(admin.page, user.email, 'Block');
    await toast(admin.page, 'User Blocked');
    await expect.poll(() => row(admin.page, user.email).textContent()).toContain('Blocked');
    const box = member.page.getByLabel('Message', { exact: true });
    await box.fill('Hello while blocked');
    await box.press('Enter');
    await member.page.getByTestId('sign-in-screen').waitFor();
    await member.page.getByTestId('toast').filter({ hasText: 'Your session has ended' }).waitFor();
    await signIn(member.page, user);
    await box.fill('Hello while blocked');
    await box.press('Enter');
    await member.page.getByRole('alert').filter({ hasText: 'blocked from sending messages' }).waitFor();
    expect(await box.inputValue()).toBe('Hello while blocked');
    await action(admin.page, user.email, 'Unblock');
    await toast(admin.page, 'User Unblocked');

    // Ban (the reason typed survives the 5-second background refresh) / the user cannot sign in / Unban
    await action(admin.page, user.email, 'Ban');
    const ban = admin.page.getByRole('dialog', { name: 'Ban User' });
    const banButton = ban.getByRole('button', { name: 'Ban User' });
    expect(await banButton.isDisabled()).toBe(true);
    await ban.getByLabel('Reason').fill('Spamming the assistant');
    await ban.getByLabel('Duration (hours)').fill('1.5');
    expect(await banButton.isDisabled()).toBe(true);
    await ban.getByLabel('Duration (hours)').fill('24');
    // Spec §9: the table refreshes every 5 s behind the dialog; one refresh lands, the typing stays.
    await admin.page.waitForResponse((r) => new URL(r.url()).pathname === apiRoutes.admin.users.path, {
      timeout: 15_000,
    });
    expect(await ban.getByLabel('Reason').inputValue()).toBe('Spamming the assistant');
    await banButton.click();
    await toast(admin.page, 'User Banned');
    await expect.poll(() => row(admin.page, user.email).textContent()).toContain('Banned');
    await member.page.goto(`${baseUrl}/`);
    await member.page.getByTestId('sign-in-email').fill(user.email);
    await member.page.getByTestId('sign-in-password').fill(user.password);
    await member.page.getByTestId('sign-in-submit').click();
    await member.page.getByText('Spamming the assistant').waitFor();
    await action(admin.page, user.email, 'Unban');
    await toast(admin.page, 'User Unbanned');

    // Password: confirmation first, then the new password in the toast; it signs the user in.
    await action(admin.page, user.email, 'Password');
    const confirm = admin.page.getByRole('alertdialog', { name: 'Reset Password' });
    await confirm.getByRole('button', { name: 'Reset Password' }).click();
    const pwToast = admin.page.getByTestId('toast').filter({ hasText: 'Password Reset' });
    await pwToast.waitFor();
    const newPassword = (await pwToast.textContent())!.match(/New password: (\S+?)×?$/)![1]!;
    await signIn(member.page, { email: user.email, password: newPassword });

    // History of the user and the recent-activity list
    await action(admin.page, user.email, 'History');
    const history = admin.page.getByRole('dialog', { name: 'History of Edited Name' });
    await history.getByText('user.banned').waitFor();
    await history.getByRole('button', { name: 'Cancel' }).click();
    await admin.page.getByRole('heading', { name: 'Recent activity' }).waitFor();
    await screenshot(admin.page, 'admin-actions');
    expect(admin.errors).toEqual([]);
  });

  it("a user's tokens per model and day, after their reply, in the Tokens dialog (also at 360 px, dark)", async () => {
    // A model that reports its usage (12 prompt + 3 completion tokens a reply), added for this journey
    // only: the other journeys expect the offline responder, so it is deleted after.
    const fake = await startFakeOpenAi(
      0,
      { chunks: ['Counted', ' reply'], usage: { prompt: 12, completion: 3 } },
      {
        models: ['tally'],
      },
    );
    const provider = routePath(apiRoutes.admin.deleteProvider, { providerId: 'tok' });
    try {
      await openDashboard(admin.page);
      const added = await admin.page.request.post(`${baseUrl}${apiRoutes.admin.createProvider.path}`, {
        data: { id: 'tok', name: 'Token lab', baseUrl: fake.url },
        headers: { origin: baseUrl },
      });
      expect(added.status()).toBe(201);

      const user: Account = await signUpVerified(member.page);
      await member.page.goto(`${baseUrl}/`);
      const composer = member.page.getByLabel('Message', { exact: true });
      await composer.fill('Count my tokens');
      await composer.press('Enter');
      const reply = member.page.locator('article.chat-msg--assistant').last();
      await reply.and(member.page.locator('[data-status="complete"]')).waitFor({ timeout: 20_000 });
      expect(await reply.getByTestId('reply-model').textContent()).toBe('tally');

      await search(admin.page, user.email);
      await action(admin.page, user.email, 'Tokens');
      const dialog = admin.page.getByRole('dialog', { name: `Tokens of ${user.name}` });
      const today = new Date().toISOString().slice(0, 10);
      const row = dialog.locator('tbody tr');
      await expect.poll(() => row.count()).toBe(1);
      expect(await row.locator('th, td').allTextContents()).toEqual([
        today,
        'tally (tok)',
        '1',
        '12',
        '3',
        '15',
      ]);
      await screenshot(admin.page, 'admin-user-tokens');

      await admin.page.setViewportSize({ width: 360, height: 740 });
      await admin.page.evaluate(() => document.documentElement.classList.add('dark'));
      await dialog.getByRole('table').waitFor();
      expect(await admin.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await screenshot(admin.page, 'admin-user-tokens-360-dark');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      expect(admin.errors).toEqual([]);
      expect(member.errors).toEqual([]);
    } finally {
      await admin.page.request.delete(`${baseUrl}${provider}`, { headers: { origin: baseUrl } });
      await fake.close();
    }
  });
});
