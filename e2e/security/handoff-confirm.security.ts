/**
 * Issue 24: login CSRF through the handoff, second form, in headless Chromium with two browser contexts
 * (attacker and victim: separate cookie jars). The victim's browser opens the attacker's link, which
 * binds it to the victim's browser; the attacker then confirms it with their own origin cookie; the
 * victim opens the link again. The victim must stay signed out. And a signed-out browser that follows
 * its own link is asked, with the account named, before it is signed in.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { verifiedAccount } from './support';
import { chat, marketing, signInOn, useBrowsers } from './two-browsers';

const { person } = useBrowsers();

/** A handoff token for the chat site, made from the page's marketing session as the landing does. */
async function handoffToken(page: Page): Promise<string> {
  return page.evaluate(async (target) => {
    const res = await fetch('/api/auth/handoff', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ targetHost: target }),
    });
    if (!res.ok) throw new Error(`handoff ${res.status}`);
    return ((await res.json()) as { token: string }).token;
  }, new URL(chat()).host);
}

const linkFor = (token: string) => `${chat()}/?auth_token=${token}&auth_action=login`;

async function whoIsSignedIn(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    const res = await fetch('/api/auth/me');
    return res.ok ? ((await res.json()) as { user: { email: string } }).user.email : null;
  });
}

/** Opens `url` and waits until the round trip through the other site has come back and settled. */
async function follow(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForURL(`${chat()}/`);
  await page.waitForLoadState('networkidle');
}

describe('handoff login CSRF, second form', () => {
  it('a link the victim’s browser bound and the attacker confirmed never signs the victim in', async () => {
    const attackerAccount = await verifiedAccount('attacker2');
    const attacker = await person();
    await signInOn(attacker, marketing(), attackerAccount);
    const token = await handoffToken(attacker);

    const victim = await person();
    await follow(victim, linkFor(token));
    expect(await whoIsSignedIn(victim)).toBeNull();

    // The attacker confirms the token with their own origin cookie.
    await attacker.goto(`${marketing()}/api/auth/handoff/confirm?token=${encodeURIComponent(token)}`);
    await attacker.waitForLoadState('networkidle');

    // The victim opens the link again (a reload, or the same link a second time).
    await follow(victim, linkFor(token));
    expect(await victim.getByTestId('confirm-switch').count()).toBe(0);
    expect(await whoIsSignedIn(victim)).toBeNull();
  });

  it('a signed-out browser following its own link is asked, naming the account, and may decline', async () => {
    const a = await verifiedAccount('asked');
    const page = await person();
    await signInOn(page, marketing(), a);
    await page.goto(linkFor(await handoffToken(page)));
    const prompt = page.getByTestId('confirm-switch');
    await prompt.waitFor();
    expect(await prompt.textContent()).toContain(a.email);
    expect(await whoIsSignedIn(page)).toBeNull();
    await page.getByTestId('confirm-switch-stay').click();
    await prompt.waitFor({ state: 'detached' });
    expect(await whoIsSignedIn(page)).toBeNull();
  });
});
