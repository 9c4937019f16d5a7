/**
 * Issue 14 §1: login CSRF through the cross-site handoff, in headless Chromium with two browser
 * contexts (attacker and victim: separate cookie jars, like two people's browsers). Chromium
 * resolves *.localhost to loopback, so noek.localhost (marketing) and chat.noek.localhost (chat)
 * are two sites on the one gateway.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { verifiedAccount } from './support';
import { chat, marketing, signInOn, useBrowsers } from './two-browsers';

const { person } = useBrowsers();

/** A handoff link to the chat site made from the page's marketing session, as the landing does. */
async function handoffLink(page: Page): Promise<string> {
  const token = await page.evaluate(async (target) => {
    const res = await fetch('/api/auth/handoff', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ targetHost: target }),
    });
    if (!res.ok) throw new Error(`handoff ${res.status}`);
    return ((await res.json()) as { token: string }).token;
  }, new URL(chat()).host);
  return `${chat()}/?auth_token=${token}&auth_action=login`;
}

async function whoIsSignedIn(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    const res = await fetch('/api/auth/me');
    return res.ok ? ((await res.json()) as { user: { email: string } }).user.email : null;
  });
}

describe('§1 login CSRF through the handoff', () => {
  it('a link made in the attacker’s browser never signs the victim into the attacker’s account', async () => {
    const [attackerAccount, victimAccount] = await Promise.all([
      verifiedAccount('attacker'),
      verifiedAccount('victim'),
    ]);
    const attacker = await person();
    await signInOn(attacker, marketing(), attackerAccount);

    // A signed-in victim follows the attacker's fresh link.
    const victim = await person();
    await signInOn(victim, chat(), victimAccount);
    await victim.goto(await handoffLink(attacker));
    await victim.waitForURL(`${chat()}/`);
    await victim.waitForLoadState('networkidle');
    expect(await whoIsSignedIn(victim)).toBe(victimAccount.email);

    // A signed-out victim follows another one.
    const stranger = await person();
    await stranger.goto(await handoffLink(attacker));
    await stranger.waitForURL(`${chat()}/`);
    await stranger.waitForLoadState('networkidle');
    await stranger.goto(`${chat()}/`);
    expect(await whoIsSignedIn(stranger)).toBeNull();
  });

  it('in one’s own browser the handoff works, and asks before replacing another signed-in account, naming both', async () => {
    const [work, home] = await Promise.all([verifiedAccount('work'), verifiedAccount('home')]);
    const page = await person();
    await signInOn(page, chat(), home);
    await signInOn(page, marketing(), work);
    await page.goto(await handoffLink(page));
    const prompt = page.getByTestId('confirm-switch');
    await prompt.waitFor();
    expect(await prompt.textContent()).toContain(home.email);
    expect(await prompt.textContent()).toContain(work.email);
    expect(await whoIsSignedIn(page)).toBe(home.email);
    await page.getByTestId('confirm-switch-accept').click();
    await expect.poll(() => whoIsSignedIn(page), { timeout: 10_000 }).toBe(work.email);
  });

  it('a bare auth_action=logout link ends nothing: not this browser’s session, never other devices', async () => {
    const a = await verifiedAccount('logout-link');
    const laptop = await person();
    const phone = await person();
    await signInOn(laptop, chat(), a);
    await signInOn(phone, chat(), a);
    await laptop.goto(`${chat()}/?auth_action=logout`);
    await laptop.waitForURL(`${chat()}/`);
    await laptop.waitForLoadState('networkidle');
    expect(await whoIsSignedIn(phone)).toBe(a.email);
    expect(await whoIsSignedIn(laptop)).toBe(a.email);
  });
});
