/**
 * Share journey: the owner makes a public link from the sidebar; someone who is not signed in
 * opens it and reads the conversation rendered as in the chat, with nothing about the owner; the owner
 * turns the link off in the account screen and the page says so.
 */
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { openBrowser, screenshot, type Session } from './browser';
import { signUpVerified } from './support/accounts';

const baseUrl = inject('baseUrl');
let owner: Session;
let visitor: Session;

beforeEach(async () => {
  [owner, visitor] = await Promise.all([openBrowser(), openBrowser()]);
});
afterEach(async () => {
  await Promise.all([owner.close(), visitor.close()]);
});

describe('share journey', () => {
  it('a public link opens signed out, shows no owner data, and stops working once turned off', async () => {
    const account = await signUpVerified(owner.page);
    const headers = { origin: baseUrl };
    const created = await owner.page.request.post(`${baseUrl}/api/conversations`, {
      data: { title: 'Rust question' },
      headers,
    });
    const { id } = (await created.json()) as { id: number };
    const sent = await owner.page.request.post(`${baseUrl}/api/conversations/${id}/messages`, {
      data: { content: 'How do I print **bold** text?\n\n```rust\nprintln!("hi");\n```' },
      headers,
    });
    expect(sent.status()).toBe(200);

    await owner.page.goto(`${baseUrl}/`);
    const row = owner.page.getByTestId('conversation-row').filter({ hasText: 'Rust question' });
    await row.getByRole('button', { name: 'Share' }).click();
    const dialog = owner.page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const url = await dialog.getByLabel('Public link').inputValue();
    expect(url).toMatch(new RegExp(`/share/[A-Za-z0-9_-]{22}$`));
    await dialog.getByRole('button', { name: 'Done' }).click();

    // Someone else, not signed in.
    await visitor.page.goto(url);
    const shared = visitor.page.getByTestId('shared-conversation');
    await shared.waitFor();
    expect(await shared.getByRole('heading', { level: 1 }).textContent()).toBe('Rust question');
    // Until the markdown chunk arrives the text shows plain; a busy machine takes a while to bring it.
    await shared.locator('strong', { hasText: 'bold' }).first().waitFor();
    await shared.locator('pre code', { hasText: 'println!' }).first().waitFor();
    expect(await visitor.page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
    const html = await visitor.page.content();
    expect(html).not.toContain(account.email);
    await screenshot(visitor.page, 'share-public-page');

    // The owner turns it off from the account screen.
    await owner.page.getByRole('button', { name: /^Account/ }).click();
    const links = owner.page.getByTestId('shared-links');
    await links.getByText('Rust question').waitFor();
    await links.getByRole('button', { name: 'Turn off link to Rust question' }).click();
    await links.getByText(/Turned off/).waitFor();

    await visitor.page.reload();
    await visitor.page.getByText('This link was turned off by its owner.').waitFor();
    expect(owner.errors).toEqual([]);
  });
});
