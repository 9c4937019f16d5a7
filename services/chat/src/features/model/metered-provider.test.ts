import { describe, expect, it, vi } from 'vitest';
import { meteredProvider } from './metered-provider';
import type { ModelProvider } from './model.types';

describe('meteredProvider', () => {
  it("follows the wrapped provider's kind as it changes (a local model found after start)", () => {
    let kind: ModelProvider['kind'] = 'offline';
    const inner: ModelProvider = {
      get kind() {
        return kind;
      },
      stream: async function* () {},
    };
    const metered = meteredProvider(inner, { observeTtft: () => undefined });
    expect(metered.kind).toBe('offline');
    kind = 'openai';
    expect(metered.kind).toBe('openai');
  });

  it("times the first text and passes the provider's token usage through", async () => {
    const observeTtft = vi.fn();
    const inner: ModelProvider = {
      kind: 'openai',
      async *stream(_turns, _signal, onUsage) {
        yield 'Hel';
        yield 'lo';
        onUsage?.({ prompt: 3, completion: 2 });
      },
    };
    const onUsage = vi.fn();
    const parts: string[] = [];
    const stream = meteredProvider(inner, { observeTtft }).stream([], new AbortController().signal, onUsage);
    for await (const delta of stream) parts.push(delta);
    expect(parts.join('')).toBe('Hello');
    expect(observeTtft).toHaveBeenCalledTimes(1);
    expect(onUsage).toHaveBeenCalledWith({ prompt: 3, completion: 2 });
  });
});
