import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccessLevel } from '@noek/contracts';
import { createFakeChatServer, makeConversation, testUser } from '../test/fake-chat-server';
import { renderChat } from '../test/render-chat';
import { QUICK_STARTS } from './messages/quick-starts';
import { XSS_CORPUS } from './markdown/xss-corpus';

let server: ReturnType<typeof createFakeChatServer>;
const setup = (init: Parameters<typeof createFakeChatServer>[0] = {}) => {
  server = createFakeChatServer(init);
  vi.stubGlobal('fetch', vi.fn(server.fetch));
};
beforeEach(() => {
  localStorage.clear();
  // happy-dom has no layout: give elements a viewport-sized box so the virtualized list renders rows.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(900);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('header visibility rules (spec §2)', () => {
  const levels: [AccessLevel, boolean, boolean][] = [
    ['basic', true, false],
    ['premium', false, false],
    ['supernoek', false, false],
    ['admin', false, true],
  ];
  it.each(levels)('%s: upgrade %s, admin %s', async (accessLevel, upgrade, admin) => {
    setup();
    const { host } = renderChat({ user: testUser({ accessLevel }) });
    expect(!!screen.queryByRole('button', { name: 'Upgrade to SuperNoek' })).toBe(upgrade);
    expect(!!screen.queryByRole('button', { name: 'Admin' })).toBe(admin);
    if (admin) {
      fireEvent.click(screen.getByRole('button', { name: 'Admin' }));
      expect(host.setView).toHaveBeenCalledWith('admin');
    }
  });

  it('account chip shows name and email and opens the account view; sign-out signs out', () => {
    setup();
    const { host } = renderChat();
    const chip = screen.getByRole('button', { name: /^Account/ });
    expect(chip.textContent).toContain('Ada Lovelace');
    expect(chip.textContent).toContain('ada@example.com');
    fireEvent.click(chip);
    expect(host.setView).toHaveBeenCalledWith('account');
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(host.signOut).toHaveBeenCalled();
  });

  it('shows the title of an archived conversation opened by link', async () => {
    setup({ archived: [makeConversation(12, { title: 'Old trip', archivedAt: new Date().toISOString() })] });
    renderChat({ conversationId: '12' });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Old trip'));
  });

  it('clear-conversation shows only with an active conversation', async () => {
    setup({ active: [makeConversation(4)] });
    const { goTo } = renderChat();
    expect(screen.queryByRole('button', { name: 'Clear conversation' })).toBeNull();
    goTo('4');
    expect(screen.getByRole('button', { name: 'Clear conversation' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Conversation 4'));
  });
});

describe('clear conversation says what it does', () => {
  it('the confirmation says the whole conversation is deleted, and it is', async () => {
    setup({ active: [makeConversation(4), makeConversation(5)] });
    const { host } = renderChat({ conversationId: '4' });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Conversation 4'));
    fireEvent.click(screen.getByRole('button', { name: 'Clear conversation' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Clear this conversation?');
    expect(dialog.textContent).toContain('The whole conversation will be deleted permanently');
    expect(dialog.textContent).toContain('no longer be in your list');
    fireEvent.click(screen.getByRole('button', { name: 'Delete conversation' }));
    await waitFor(() => expect(host.navigate).toHaveBeenCalledWith('/'));
    expect(server.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      '/api/conversations/4',
    ]);
  });

  it('a failed delete keeps the conversation open and says so', async () => {
    setup({ active: [makeConversation(4)] });
    const real = server.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string, init?: RequestInit) =>
        init?.method === 'DELETE' ? Promise.resolve(new Response('', { status: 503 })) : real(input, init),
      ),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { host } = renderChat({ conversationId: '4' });
    fireEvent.click(screen.getByRole('button', { name: 'Clear conversation' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete conversation' }));
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({
        title: 'The conversation could not be deleted. Please try again.',
      }),
    );
    expect(host.navigate).not.toHaveBeenCalledWith('/');
  });
});

describe('empty state and sending', () => {
  it('shows the four quick-start cards; a card creates a conversation and sends its prompt', async () => {
    setup({ reply: ['Sure', ', here it is.'] });
    const { host } = renderChat();
    expect(screen.getByText('How can I help you today?')).toBeTruthy();
    for (const q of QUICK_STARTS) expect(screen.getByRole('button', { name: q.title })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Debug my code' }));
    await waitFor(() => expect(host.navigate).toHaveBeenCalledWith('/chat/1000'));
    const send = server.calls.find(
      (c) => c.method === 'POST' && c.path === '/api/conversations/1000/messages',
    );
    expect(send?.body).toEqual({ content: QUICK_STARTS[2].prompt });
    expect(server.calls.find((c) => c.method === 'POST' && c.path === '/api/conversations')?.body).toEqual({
      title: 'New Chat',
      userId: testUser().id,
    });
  });

  it('streams the reply into the list with role and hour:minute', async () => {
    setup({ active: [makeConversation(9)], reply: ['Hello', ' **world**'] });
    renderChat({ conversationId: '9' });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'hi' } });
    fireEvent.keyDown(screen.getByLabelText('Message'), { key: 'Enter' });
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(2));
    const [user, reply] = screen.getAllByTestId('chat-message');
    expect(user?.textContent).toContain('You');
    expect(reply?.textContent).toContain('Assistant');
    await waitFor(() =>
      expect(screen.getAllByTestId('chat-message')[1]?.querySelector('strong')?.textContent).toBe('world'),
    );
    expect(reply?.querySelector('time')?.textContent).toMatch(/\d{1,2}:\d{2}/);
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).disabled).toBe(false);
  });

  it('while awaiting the reply: typing indicator, input disabled, Stop offered; all cleared at the end', async () => {
    let open!: () => void;
    setup({ active: [makeConversation(9)], reply: ['Done'], gate: new Promise<void>((r) => (open = r)) });
    renderChat({ conversationId: '9' });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'hi' } });
    fireEvent.keyDown(screen.getByLabelText('Message'), { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('typing-indicator')).toBeTruthy());
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();
    open();
    await waitFor(() => expect(screen.queryByTestId('typing-indicator')).toBeNull());
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).disabled).toBe(false);
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
    expect(screen.getAllByTestId('chat-message')[1]?.textContent).toContain('Done');
  });

  it('shows the server message when the limit is reached, and stops the typing indicator', async () => {
    setup({ active: [makeConversation(9)] });
    const inner = server.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) =>
        init?.method === 'POST' && String(input).endsWith('/messages')
          ? new Response(
              JSON.stringify({
                code: 'USAGE_LIMIT_REACHED',
                message:
                  'You have reached your limit of 3,000 messages. It resets in 2 hours (at 12:00 UTC).',
                limit: 3000,
                periodHours: 24,
                resetsAt: new Date().toISOString(),
              }),
              { status: 429 },
            )
          : inner(input, init),
      ),
    );
    renderChat({ conversationId: '9' });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'hi' } });
    fireEvent.keyDown(screen.getByLabelText('Message'), { key: 'Enter' });
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'You have reached your limit of 3,000 messages.',
      ),
    );
    expect(screen.queryByTestId('typing-indicator')).toBeNull();
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).disabled).toBe(false);
  });

  // Issue 9: nothing typed is lost, and a refused first message leaves no empty conversation.
  const refusals: [string, () => Promise<Response>][] = [
    [
      'the usage limit (429)',
      async () =>
        new Response(JSON.stringify({ code: 'USAGE_LIMIT_REACHED', message: 'Limit reached.' }), {
          status: 429,
        }),
    ],
    [
      'a block (403)',
      async () =>
        new Response(JSON.stringify({ code: 'FORBIDDEN', message: 'Your account is blocked.' }), {
          status: 403,
        }),
    ],
    ['a server error (500)', async () => new Response('', { status: 500 })],
    [
      'the network',
      async () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ];
  function refuseSends(refuse: () => Promise<Response>) {
    const inner = server.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) =>
        init?.method === 'POST' && /\/api\/conversations\/\d+\/messages$/.test(String(input))
          ? (server.calls.push({ method: 'POST', path: String(input) }), refuse())
          : inner(input, init),
      ),
    );
  }
  const typeAndSend = (text: string) => {
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: text } });
    fireEvent.keyDown(screen.getByLabelText('Message'), { key: 'Enter' });
  };

  it.each(refusals)(
    'a first message refused by %s keeps its text and leaves no conversation behind',
    async (_what, refuse) => {
      setup();
      refuseSends(refuse);
      const { host } = renderChat();
      typeAndSend('Please keep me');
      await waitFor(() => expect(screen.getByRole('alert')).toBeTruthy());
      await waitFor(() =>
        expect(server.calls.some((c) => c.method === 'DELETE' && c.path === '/api/conversations/1000')).toBe(
          true,
        ),
      );
      const box = screen.getByLabelText('Message') as HTMLTextAreaElement;
      expect(box.value).toBe('Please keep me');
      expect(box.disabled).toBe(false);
      expect(host.navigate).toHaveBeenLastCalledWith('/');
      expect(screen.queryByTestId('chat-message')).toBeNull();
      expect(screen.queryByText('New Chat', { selector: '.chat-conv-list *' })).toBeNull();
    },
  );

  it('a message refused in an existing conversation keeps its text and the conversation', async () => {
    setup({ active: [makeConversation(9)] });
    refuseSends(refusals[0]![1]);
    renderChat({ conversationId: '9' });
    typeAndSend('Still here');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Limit reached.'));
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Still here');
    expect(server.calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('an accepted message clears the input', async () => {
    setup({ active: [makeConversation(9)], reply: ['ok'] });
    renderChat({ conversationId: '9' });
    typeAndSend('Sent');
    await waitFor(() => expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe(''));
  });

  it('a reply stream cut part-way is followed again, through a refusal, to its end', async () => {
    setup({ active: [makeConversation(9)], messages: { 9: [] } });
    const inner = server.fetch;
    let follows = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        const path = String(input);
        if (init?.method === 'POST' && /\/api\/conversations\/9\/messages$/.test(path)) {
          // The replica writing the reply dies after its first words: the stream ends with no final event.
          const frames = (await (await inner(input, init)).text()).split('\n\n');
          return new Response(`${frames.slice(0, 2).join('\n\n')}\n\n`, {
            status: 200,
            headers: { 'content-type': 'text/event-stream' },
          });
        }
        if (/\/messages\/\d+\/stream$/.test(path) && follows++ === 0) {
          server.calls.push({ method: 'GET', path });
          // While it restarts, the gateway has nobody to ask.
          return new Response(JSON.stringify({ code: 'SERVICE_UNAVAILABLE', message: 'Down.' }), {
            status: 503,
            headers: { 'content-type': 'application/json' },
          });
        }
        return inner(input, init);
      }),
    );
    renderChat({ conversationId: '9' });
    typeAndSend('Say hi');
    await waitFor(
      () => expect(screen.getAllByTestId('chat-message')[1]?.getAttribute('data-status')).toBe('complete'),
      { timeout: 4_000 },
    );
    expect(screen.getAllByTestId('chat-message')[1]?.querySelector('.chat-msg__body')?.textContent).toBe(
      'Hi there and the rest',
    );
    expect(follows).toBe(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('re-attaches to a reply still being written and keeps every message', async () => {
    const at = new Date().toISOString();
    setup({
      active: [makeConversation(9)],
      reply: [' world'],
      messages: {
        9: [
          { id: 1, conversationId: 9, role: 'user', content: 'Say hello', createdAt: at, status: 'complete' },
          {
            id: 2,
            conversationId: 9,
            role: 'assistant',
            content: 'Hello',
            createdAt: at,
            status: 'streaming',
          },
        ],
      },
    });
    renderChat({ conversationId: '9' });
    await waitFor(() =>
      expect(screen.getAllByTestId('chat-message')[1]?.getAttribute('data-status')).toBe('complete'),
    );
    const shown = screen
      .getAllByTestId('chat-message')
      .map((m) => m.querySelector('.chat-msg__body')?.textContent);
    expect(shown).toEqual(['Say hello', 'Hello world']);
    expect(server.calls.some((c) => c.path === '/api/conversations/9/messages/2/stream')).toBe(true);
  });

  it('after a reload with a cached copy, re-attaches from the server answer and keeps every message', async () => {
    const at = new Date().toISOString();
    const stored = [
      {
        id: 1,
        conversationId: 9,
        role: 'user' as const,
        content: 'Say hello',
        createdAt: at,
        status: 'complete' as const,
      },
      {
        id: 2,
        conversationId: 9,
        role: 'assistant' as const,
        content: 'Hel',
        createdAt: at,
        status: 'streaming' as const,
      },
    ];
    localStorage.setItem(`noek:messages:${testUser().id}:9`, JSON.stringify(stored));
    setup({
      active: [makeConversation(9)],
      reply: ['lo!'],
      messages: { 9: [stored[0]!, { ...stored[1]!, content: 'Hel' }] },
    });
    renderChat({ conversationId: '9' });
    await waitFor(() =>
      expect(screen.getAllByTestId('chat-message')[1]?.getAttribute('data-status')).toBe('complete'),
    );
    expect(
      screen.getAllByTestId('chat-message').map((m) => m.querySelector('.chat-msg__body')?.textContent),
    ).toEqual(['Say hello', 'Hello!']);
  });

  it('renders the XSS corpus from a stored conversation inert', async () => {
    const messages = XSS_CORPUS.map((content, i) => ({
      id: i + 1,
      conversationId: 2,
      role: (i % 2 ? 'assistant' : 'user') as 'user' | 'assistant',
      content,
      createdAt: new Date().toISOString(),
      status: 'complete' as const,
    }));
    setup({ active: [makeConversation(2)], messages: { 2: messages } });
    const { container } = renderChat({ conversationId: '2' });
    await waitFor(() => expect(screen.getAllByTestId('chat-message').length).toBeGreaterThan(0));
    // In what the messages say (the action rows carry our own SVG icons).
    expect(
      container.querySelector(
        '.chat-msg__body script, .chat-msg__body img, .chat-msg__body svg, .chat-msg__body iframe',
      ),
    ).toBeNull();
    for (const a of container.querySelectorAll('.chat-messages a'))
      expect(a.getAttribute('href')).toMatch(/^(https?:|mailto:|\/|#)/);
  });
});
