import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModelList } from '@noek/contracts';
import { createFakeChatServer, makeConversation } from '../../test/fake-chat-server';
import { renderChat } from '../../test/render-chat';

const provider = { id: 'ollama', name: 'Ollama on this computer', local: true, health: 'up' as const };
const models: ModelList = {
  models: [
    { id: 'ollama/llama3.2:1b', name: 'llama3.2:1b', provider },
    { id: 'ollama/qwen2.5:0.5b', name: 'qwen2.5:0.5b', provider },
  ],
  defaultModelId: 'ollama/llama3.2:1b',
};

let server: ReturnType<typeof createFakeChatServer>;
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(900);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function setup(seed: Parameters<typeof createFakeChatServer>[0]) {
  server = createFakeChatServer(seed);
  vi.stubGlobal('fetch', vi.fn(server.fetch));
}

describe('model picker', () => {
  it("shows the default, and picking one sets the conversation's model", async () => {
    setup({ active: [makeConversation(5)], models });
    renderChat({ conversationId: '5' });
    const picker = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Model' });
    await waitFor(() => expect(picker.value).toBe('ollama/llama3.2:1b'));
    expect([...picker.options].map((o) => o.textContent)).toEqual([
      'llama3.2:1b · Ollama on this computer',
      'qwen2.5:0.5b · Ollama on this computer',
    ]);
    fireEvent.change(picker, { target: { value: 'ollama/qwen2.5:0.5b' } });
    await waitFor(() =>
      expect(server.calls).toContainEqual({
        method: 'PATCH',
        path: '/api/conversations/5/model',
        body: { model: 'ollama/qwen2.5:0.5b' },
      }),
    );
    await waitFor(() => expect(picker.value).toBe('ollama/qwen2.5:0.5b'));
  });

  it('asks for another model when the conversation’s model is gone', async () => {
    setup({ active: [makeConversation(6, { model: 'lab/old-model' })], models });
    renderChat({ conversationId: '6' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'old-model is no longer available. Pick another model for this conversation.',
    );
  });

  it('lists a model the plan leaves out with its plan; choosing it picks nothing and offers the upgrade', async () => {
    const gpt = {
      id: 'openai/gpt-4o',
      name: 'gpt-4o',
      provider: { ...provider, id: 'openai', name: 'OpenAI' },
    };
    const locked = {
      ...gpt,
      allowed: false,
      availableOn: { level: 'supernoek' as const, name: 'SuperNoek' },
    };
    setup({ active: [makeConversation(8)], models: { ...models, models: [...models.models, locked] } });
    const { host } = renderChat({ conversationId: '8' });
    const picker = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Model' });
    await waitFor(() => expect(picker.options).toHaveLength(3));
    expect(picker.options[2]?.textContent).toBe('gpt-4o · OpenAI (SuperNoek)');
    fireEvent.change(picker, { target: { value: 'openai/gpt-4o' } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('gpt-4o is available on SuperNoek.');
    expect(server.calls.some((c) => c.method === 'PATCH')).toBe(false);
    expect(picker.value).toBe('ollama/llama3.2:1b');
    fireEvent.click(within(alert).getByRole('button', { name: 'Upgrade to SuperNoek' }));
    expect(host.setView).toHaveBeenCalledWith('subscription');
  });

  it('is absent when no model is offered (the offline responder answers)', async () => {
    setup({ active: [makeConversation(7)] });
    renderChat({ conversationId: '7' });
    await waitFor(() => expect(server.calls.some((c) => c.path === '/api/conversations/models')).toBe(true));
    expect(screen.queryByRole('combobox', { name: 'Model' })).toBeNull();
  });
});
