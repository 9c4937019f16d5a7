import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeChatServer, makeConversation, testUser } from '../../test/fake-chat-server';
import { renderChat } from '../../test/render-chat';

let server: ReturnType<typeof createFakeChatServer>;
const setup = (init: Parameters<typeof createFakeChatServer>[0]) => {
  server = createFakeChatServer(init);
  vi.stubGlobal('fetch', vi.fn(server.fetch));
};
const calls = (method: string, re: RegExp) =>
  server.calls.filter((c) => c.method === method && re.test(c.path));
const rows = () => screen.queryAllByTestId('conversation-row');
const confirmDialog = async (label: string) =>
  fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: label }));

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('sidebar', () => {
  it('shows rows with relative time labels, and the footer names the user and their plan', async () => {
    setup({ active: [makeConversation(1, { updatedAt: new Date().toISOString() }), makeConversation(30)] });
    renderChat();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(rows()[0]!).getByText('Just now')).toBeTruthy();
    expect(within(rows()[1]!).getByText('Yesterday')).toBeTruthy();
    const footer = screen.getByTestId('sidebar-footer');
    expect(within(footer).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(footer).getByText('Free plan')).toBeTruthy();
  });

  it("the footer says a subscriber's plan is SuperNoek, never 'Free plan' (decisions.md)", async () => {
    setup({ active: [] });
    renderChat({ user: testUser({ name: 'Grace Hopper', accessLevel: 'supernoek' }) });
    const footer = await screen.findByTestId('sidebar-footer');
    expect(within(footer).getByText('Grace Hopper')).toBeTruthy();
    expect(within(footer).getByText('SuperNoek plan')).toBeTruthy();
    expect(within(footer).queryByText('Free plan')).toBeNull();
  });

  it('offers Share on each row unless sharing is turned off', async () => {
    setup({ active: [makeConversation(1)] });
    renderChat();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0]!).getByRole('button', { name: 'Share' })).toBeTruthy();
    cleanup();
    setup({ active: [makeConversation(1)], sharingEnabled: false });
    renderChat();
    await waitFor(() => expect(rows()).toHaveLength(1));
    await waitFor(() => expect(calls('GET', /^\/api\/conversations\/settings$/)).not.toHaveLength(0));
    await waitFor(() => expect(within(rows()[0]!).queryByRole('button', { name: 'Share' })).toBeNull());
  });

  it('fetches the archive only when its tab is opened', async () => {
    setup({
      active: [makeConversation(1)],
      archived: [makeConversation(2, { archivedAt: new Date().toISOString() })],
    });
    renderChat();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(calls('GET', /\/archived/)).toHaveLength(0);
    fireEvent.click(screen.getByRole('tab', { name: 'Archive' }));
    await waitFor(() => expect(screen.getByText('Conversation 2')).toBeTruthy());
    expect(calls('GET', /\/archived/)).toHaveLength(1);
  });

  it('select mode stops at 10: further checkboxes are disabled', async () => {
    setup({ active: Array.from({ length: 12 }, (_, i) => makeConversation(i + 1)) });
    renderChat();
    await waitFor(() => expect(rows()).toHaveLength(12));
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    const boxes = () => screen.getAllByRole('checkbox') as HTMLInputElement[];
    for (const box of boxes().slice(0, 10)) fireEvent.click(box);
    expect(screen.getByTestId('selected-count').textContent).toBe('10/10');
    expect(
      boxes()
        .slice(10)
        .every((b) => b.disabled),
    ).toBe(true);
    fireEvent.click(boxes()[11]!);
    expect(boxes()[11]!.checked).toBe(false);
    fireEvent.click(boxes()[0]!);
    expect(boxes()[11]!.disabled).toBe(false);
  });

  it('bulk delete asks first, then makes one call per selected conversation', async () => {
    setup({ active: Array.from({ length: 4 }, (_, i) => makeConversation(i + 1)) });
    renderChat();
    await waitFor(() => expect(rows()).toHaveLength(4));
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    const boxes = screen.getAllByRole('checkbox');
    fireEvent.click(boxes[0]!);
    fireEvent.click(boxes[2]!);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Selected' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(calls('DELETE', /./)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Selected' }));
    await confirmDialog('Delete');
    await waitFor(() =>
      expect(
        calls('DELETE', /./)
          .map((c) => c.path)
          .sort(),
      ).toEqual(['/api/conversations/1', '/api/conversations/3']),
    );
    await waitFor(() => expect(rows()).toHaveLength(2));
  });

  it('Archive All uses one call after confirmation; Restore All one call per conversation', async () => {
    setup({ active: [makeConversation(1), makeConversation(2)] });
    renderChat();
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Archive All' }));
    await confirmDialog('Archive All');
    await waitFor(() => expect(rows()).toHaveLength(0));
    expect(calls('POST', /archive-all/)).toHaveLength(1);
    fireEvent.click(screen.getByRole('tab', { name: 'Archive' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Restore All' }));
    await confirmDialog('Restore All');
    await waitFor(() => expect(calls('POST', /\/unarchive$/)).toHaveLength(2));
  });

  it('inline title edit: Enter saves trimmed, blur saves, Escape cancels, empty is not saved', async () => {
    setup({ active: [makeConversation(1)] });
    renderChat();
    await waitFor(() => expect(rows()).toHaveLength(1));
    const edit = () => fireEvent.click(screen.getByRole('button', { name: 'Edit title' }));
    const input = () => screen.getByLabelText('Conversation title');

    edit();
    fireEvent.change(input(), { target: { value: '  Trip plan  ' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(calls('PATCH', /./).at(-1)?.body).toEqual({ title: 'Trip plan' }));

    await waitFor(() => expect(screen.getByText('Trip plan')).toBeTruthy());
    edit();
    fireEvent.change(input(), { target: { value: 'Never saved' } });
    fireEvent.keyDown(input(), { key: 'Escape' });
    edit();
    fireEvent.change(input(), { target: { value: '   ' } });
    fireEvent.blur(input());
    expect(calls('PATCH', /./)).toHaveLength(1);

    edit();
    fireEvent.change(input(), { target: { value: 'By blur' } });
    fireEvent.blur(input());
    await waitFor(() => expect(calls('PATCH', /./).at(-1)?.body).toEqual({ title: 'By blur' }));
  });

  it('copy link puts origin + /chat/{id} on the clipboard, says so, and resets after 2 s', async () => {
    setup({ active: [makeConversation(7)] });
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const { host } = renderChat();
    await waitFor(() => expect(rows()).toHaveLength(1));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Link copied' })).toBeTruthy());
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/chat/7`);
    expect(host.toast).toHaveBeenCalledWith({ title: 'Chat link copied to clipboard!' });
    await act(() => vi.advanceTimersByTimeAsync(2100));
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
  });

  it('copy link falls back to execCommand when the Clipboard API is refused', async () => {
    setup({ active: [makeConversation(7)] });
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: vi.fn().mockRejectedValue(new Error('denied')) },
    });
    const exec = vi.fn().mockReturnValue(true);
    Object.defineProperty(document, 'execCommand', { configurable: true, value: exec });
    const { host } = renderChat();
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(exec).toHaveBeenCalledWith('copy'));
    expect(host.toast).toHaveBeenCalledWith({ title: 'Chat link copied to clipboard!' });
  });

  it('closes on selection under 768 px and navigates to the conversation', async () => {
    setup({ active: [makeConversation(3)] });
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 500 });
    const { host, container } = renderChat();
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
    expect(container.querySelector('.chat-sidebar--open')).toBeTruthy();
    fireEvent.click(screen.getByText('Conversation 3'));
    expect(host.navigate).toHaveBeenCalledWith('/chat/3');
    expect(container.querySelector('.chat-sidebar--open')).toBeNull();
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
  });

  it('deleting a conversation clears its local caches', async () => {
    setup({ active: [makeConversation(5)] });
    localStorage.setItem('noek:messages:00000000-0000-4000-8000-000000000001:5', '[]');
    renderChat();
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await confirmDialog('Delete');
    await waitFor(() =>
      expect(localStorage.getItem('noek:messages:00000000-0000-4000-8000-000000000001:5')).toBeNull(),
    );
  });
});
