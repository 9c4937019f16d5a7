/**
 * The platform as a person meets it: the shell loads, every remote renders inside it, a remote whose
 * server is down shows its fallback while the rest works, and the marketing host shows only the landing.
 */
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { openBrowser, screenshot, type Session } from './browser';
import { expectAccessibleScreen, expectNoAxeViolations } from './support/a11y';
import { adminAccount, signIn, signUpVerified } from './support/accounts';

const baseUrl = inject('baseUrl');
const marketingUrl = baseUrl.replace('localhost', 'noek.localhost');
let s: Session;

beforeEach(async () => {
  s = await openBrowser();
});
afterEach(async () => {
  await s.close();
});

describe('chat site', () => {
  it('loads the shell signed out: the sign-in screen, with the chat site title', async () => {
    await s.page.goto(`${baseUrl}/`);
    await s.page.getByTestId('sign-in-screen').waitFor();
    expect(await s.page.title()).toMatch(/Noek/);
    await screenshot(s.page, 'foundation-signed-out');
  });

  it('shows the 404 page with its two buttons on an unknown path, and Return to Chat goes home', async () => {
    await s.page.goto(`${baseUrl}/no/such/page`);
    await s.page.getByTestId('not-found-page').waitFor();
    expect(await s.page.getByTestId('not-found-return').textContent()).toBe('Return to Chat');
    expect(await s.page.getByTestId('not-found-back').textContent()).toBe('Go Back');
    await expectAccessibleScreen(s.page, '404');
    await s.page.getByTestId('not-found-return').click();
    await s.page.waitForURL(`${baseUrl}/`);
  });

  it('renders the chat remote for a signed-in user and the billing remote on /subscribe', async () => {
    await signUpVerified(s.page);
    await s.page.getByTestId('mfe-chat').waitFor();
    await screenshot(s.page, 'foundation-chat');
    await s.page.goto(`${baseUrl}/subscribe`);
    await s.page.getByTestId('mfe-billing').waitFor();
  });

  it('renders the admin remote for an admin', async () => {
    await signIn(s.page, adminAccount);
    await s.page.getByTestId('mfe-chat').waitFor();
    await s.page.getByRole('button', { name: 'Admin', exact: true }).click();
    await s.page.getByTestId('admin-overview').waitFor();
    await s.page.getByRole('tab', { name: 'Users' }).click();
    await s.page.getByTestId('mfe-admin').waitFor();
  });

  it('persists the theme across a reload', async () => {
    await s.page.goto(`${baseUrl}/`);
    await s.page.getByTestId('theme-toggle').click();
    await s.page.reload();
    await s.page.getByTestId('sign-in-screen').waitFor();
    expect(
      await s.page.evaluate(
        () => document.documentElement.dataset.theme ?? document.documentElement.className,
      ),
    ).toContain('dark');
    await expectNoAxeViolations(s.page, 'sign-in, dark theme');
  });
});

describe('marketing host', () => {
  it('shows the landing page at / with the marketing title', async () => {
    await s.page.goto(`${marketingUrl}/`);
    await s.page.getByTestId('mfe-marketing').waitFor();
    expect(s.errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
    await screenshot(s.page, 'foundation-marketing');
  });

  it('shows not-found on every other path', async () => {
    await s.page.goto(`${marketingUrl}/subscribe`);
    await s.page.getByTestId('not-found-page').waitFor();
    expect(await s.page.getByTestId('mfe-marketing').count()).toBe(0);
  });
});

describe('a remote that is down', () => {
  const remote = (verb: 'stop' | 'start') =>
    fetch(`${inject('controlUrl')}/remotes/billing/${verb}`, { method: 'POST' });

  it('shows its fallback with Retry while the rest of the shell keeps working; Retry loads it once it is back', async () => {
    await remote('stop');
    try {
      await signUpVerified(s.page);
      await s.page.goto(`${baseUrl}/subscribe`);
      await s.page.getByTestId('remote-fallback-billing').waitFor({ timeout: 20_000 });
      expect(await s.page.getByTestId('remote-retry-billing').textContent()).toBe('Retry');
      await screenshot(s.page, 'foundation-billing-down');
      await s.page.goto(`${baseUrl}/`);
      await s.page.getByTestId('mfe-chat').waitFor();
      await s.page.goto(`${baseUrl}/subscribe`);
      await s.page.getByTestId('remote-retry-billing').waitFor({ timeout: 20_000 });
    } finally {
      // Other files (billing's journeys) need it: whichever order vitest picks, the run goes on with it up.
      await remote('start');
    }
    await s.page.getByTestId('remote-retry-billing').click();
    await s.page.getByTestId('mfe-billing').waitFor({ timeout: 20_000 });
  });
});
