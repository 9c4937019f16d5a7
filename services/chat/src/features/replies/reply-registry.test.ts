import { describe, expect, it } from 'vitest';
import type { Message } from '@noek/contracts';
import { fakePause } from '../../test/fake-pace';
import { ModelError, type ModelProvider } from '../model/model.types';
import {
  ReplyRegistry,
  shutdownMessage,
  storageMessage,
  type ReplyOutcome,
  type ReplyStore,
} from './reply-registry';

function memoryStore() {
  const progress: string[] = [];
  const finished: ReplyOutcome[] = [];
  const store: ReplyStore = {
    saveProgress: async (_id, content) => {
      progress.push(content);
      return 'stored' as const;
    },
    finish: async ({ messageId: id }, o): Promise<Message> => {
      finished.push(o);
      return {
        id,
        conversationId: 1,
        role: 'assistant',
        content: o.content,
        status: o.status,
        createdAt: new Date(0).toISOString(),
      };
    },
  };
  return { store, progress, finished };
}

/** Yields `parts` with `delayMs` between them, honouring the abort signal; can throw after `failAfter`. */
function scripted(parts: string[], delayMs = 0, failAfter?: number): ModelProvider {
  return {
    kind: 'openai',
    async *stream(_t, signal) {
      for (const [i, p] of parts.entries()) {
        if (i === failAfter) throw new ModelError('upstream', 'boom');
        await fakePause(delayMs, signal);
        yield p;
      }
    },
  };
}

/** Yields `first`, then holds until aborted: a reply caught mid-generation, whatever the machine's speed. */
function heldAfter(first: string): ModelProvider {
  return {
    kind: 'openai',
    async *stream(_t, signal) {
      yield first;
      await new Promise((_resolve, reject) =>
        signal.addEventListener('abort', () => reject(signal.reason), { once: true }),
      );
    },
  };
}

const start = (reg: ReplyRegistry, provider: ModelProvider, messageId = 7) =>
  reg.start({ messageId, leaseEpoch: 0, conversationId: 1, userId: 'u', provider, turns: [] });

describe('ReplyRegistry', () => {
  it('generates to completion with no listener and stores the whole reply', async () => {
    const { store, finished } = memoryStore();
    const reg = new ReplyRegistry({ store, flushIntervalMs: 1000 });
    const end = await start(reg, scripted(['a', 'b', 'c'])).settled;
    expect(end).toMatchObject({ type: 'done', assistantMessage: { content: 'abc', status: 'complete' } });
    // No usage reported by this provider: counted (model/count-tokens.ts).
    expect(finished).toEqual([
      {
        content: 'abc',
        status: 'complete',
        retryFree: false,
        tokens: { prompt: expect.any(Number), completion: 1 },
        contextTrimmed: 0,
      },
    ]);
    expect(reg.size).toBe(0);
  });

  it('flushes partial content periodically while streaming', async () => {
    const { store, progress } = memoryStore();
    const reg = new ReplyRegistry({ store, flushIntervalMs: 15 });
    await start(reg, scripted(['a', 'b', 'c', 'd', 'e', 'f'], 10)).settled;
    expect(progress.length).toBeGreaterThan(0);
    expect('abcdef'.startsWith(progress.at(-1) ?? 'x')).toBe(true);
  });

  it('lets a late subscriber see the snapshot then every later token exactly once', async () => {
    const { store } = memoryStore();
    const reg = new ReplyRegistry({ store, flushIntervalMs: 1000 });
    const reply = start(reg, scripted(['1', '2', '3', '4'], 5));
    // Late: some of the reply is already generated.
    await expect.poll(() => reply.generated.length).toBeGreaterThan(0);
    let seen = '';
    const { snapshot } = reply.subscribe((e) => {
      if (e.type === 'token') seen += e.text;
    });
    const end = await reply.settled;
    expect(snapshot + seen).toBe('1234');
    expect(end.assistantMessage.content).toBe('1234');
    expect(reg.findByConversation(1)).toBeUndefined();
  });

  it('stop keeps the partial reply as interrupted, with no error message', async () => {
    const { store } = memoryStore();
    const reg = new ReplyRegistry({ store, flushIntervalMs: 1000 });
    const reply = start(reg, heldAfter('a'));
    await expect.poll(() => reply.generated.length).toBeGreaterThan(0);
    const end = await reg.stop(7);
    expect(end?.type).toBe('done');
    expect(end?.assistantMessage.status).toBe('interrupted');
    expect(end?.assistantMessage.content.length).toBeGreaterThan(0);
    expect(reply.abort.signal.aborted).toBe(true);
  });

  it('a model failure after some tokens stores interrupted and tells the user; before any token, failed', async () => {
    const { store } = memoryStore();
    const reg = new ReplyRegistry({ store, flushIntervalMs: 1000 });
    const mid = await start(reg, scripted(['a', 'b', 'c'], 0, 2), 1).settled;
    expect(mid).toMatchObject({
      type: 'error',
      message: 'boom',
      retryable: true,
      assistantMessage: { content: 'ab', status: 'interrupted' },
    });
    const first = await start(reg, scripted(['a'], 0, 0), 2).settled;
    expect(first).toMatchObject({ type: 'error', assistantMessage: { content: '', status: 'failed' } });
  });

  it('shutdown marks every reply in flight interrupted', async () => {
    const { store } = memoryStore();
    const reg = new ReplyRegistry({ store, flushIntervalMs: 1000 });
    const a = start(reg, heldAfter('x'), 1);
    const b = start(reg, heldAfter('x'), 2);
    await expect.poll(() => a.generated.length > 0 && b.generated.length > 0).toBe(true);
    await reg.shutdown();
    for (const end of [await a.settled, await b.settled]) {
      expect(end).toMatchObject({
        type: 'error',
        message: shutdownMessage,
        assistantMessage: { status: 'interrupted' },
      });
    }
    expect(reg.size).toBe(0);
  });

  it('retries the final write and reports a reply it could not store', async () => {
    let calls = 0;
    const errors: string[] = [];
    const store: ReplyStore = {
      saveProgress: async () => 'stored' as const,
      finish: async () => {
        calls++;
        throw new Error('db down');
      },
    };
    const reg = new ReplyRegistry({
      store,
      flushIntervalMs: 1000,
      outageBudgetMs: 250,
      onError: (_e, c) => errors.push(c),
    });
    const end = await start(reg, scripted(['a'])).settled;
    expect(calls).toBeGreaterThanOrEqual(3);
    expect(end).toMatchObject({ type: 'error', message: storageMessage, assistantMessage: { content: 'a' } });
    expect(errors).toEqual(['storing reply 7']);
  });

  it('a session cut-off ends only the streams opened with that session', async () => {
    const { store } = memoryStore();
    const reg = new ReplyRegistry({ store, flushIntervalMs: 1000 });
    const ended: string[] = [];
    const by = (sessionId: string) => ({ id: 'u', issuedAt: new Date(0), sessionId });
    const untrack = reg.trackStream('u', () => ended.push('s1-a'), by('s1'));
    reg.trackStream('u', () => ended.push('s2'), by('s2'));
    reg.trackStream('u', () => ended.push('s1-b'), by('s1'));
    untrack();
    expect(reg.cutOffSession('s1')).toBe(1);
    expect(ended).toEqual(['s1-b']);
    expect(reg.cutOffSession('nobody')).toBe(0);
    expect(await reg.cutOff('u', false)).toBe(2);
  });

  it("a user's revocation heard late ends only the streams of tokens it revokes; a ban ends them all", async () => {
    const { store } = memoryStore();
    const horizon = Date.parse('2026-01-01T12:00:00Z');
    const reg = new ReplyRegistry({
      store,
      flushIntervalMs: 1000,
      isRevoked: (user) => user.issuedAt.getTime() < horizon,
    });
    const ended: string[] = [];
    // An ended stream closes and unregisters itself, as the route's does.
    const track = (name: string, issuedAt: number) => {
      const untrack = reg.trackStream(
        'u',
        () => {
          ended.push(name);
          untrack();
        },
        { id: 'u', issuedAt: new Date(issuedAt), sessionId: name },
      );
    };
    track('before', horizon - 1000);
    // Signed in again after the sign-out everywhere, before its event arrived.
    track('after', horizon);
    expect(await reg.cutOff('u', false)).toBe(1);
    expect(ended).toEqual(['before']);
    expect(await reg.cutOff('u', true)).toBe(1);
    expect(ended).toEqual(['before', 'after']);
  });
});

describe('ReplyRegistry write-ahead streaming', () => {
  it('shows a listener only text that is already stored', async () => {
    const stored: string[] = [];
    let shownWhenStored = '';
    const store: ReplyStore = {
      saveProgress: async (_id, content) => {
        await fakePause(5); // a store slower than the model: tokens arrive while a write is in flight
        stored.push(content);
        return 'stored' as const;
      },
      finish: async ({ messageId: id }, o) => ({
        id,
        conversationId: 1,
        role: 'assistant',
        content: o.content,
        status: o.status,
        createdAt: '',
      }),
    };
    const reg = new ReplyRegistry({ store, flushIntervalMs: 10 });
    const reply = start(reg, scripted(['a', 'b', 'c', 'd', 'e'], 3));
    let shown = '';
    reply.subscribe((e) => {
      if (e.type !== 'token') return;
      shown += e.text;
      // Every character shown is in the latest stored text at the moment it is shown.
      shownWhenStored = stored.at(-1) ?? '';
      expect(shownWhenStored.startsWith(shown)).toBe(true);
    });
    const end = await reply.settled;
    expect(shown).toBe('abcde');
    expect(end.assistantMessage.content).toBe('abcde');
  });

  it('keeps the text in memory through a database outage and shows it once stored', async () => {
    let down = true;
    let refused = 0;
    const store: ReplyStore = {
      saveProgress: async () => {
        if (down) throw new Error(`connection refused (${++refused})`);
        return 'stored' as const;
      },
      finish: async ({ messageId: id }, o) => {
        if (down) throw new Error('connection refused');
        return {
          id,
          conversationId: 1,
          role: 'assistant',
          content: o.content,
          status: o.status,
          createdAt: '',
        };
      },
    };
    const errors: string[] = [];
    const reg = new ReplyRegistry({ store, flushIntervalMs: 5, onError: (_e, c) => errors.push(c) });
    const reply = start(reg, scripted(['x', 'y', 'z']));
    let shown = '';
    reply.subscribe((e) => {
      if (e.type === 'token') shown += e.text;
    });
    // The outage lasts until the writer has retried (backoff from memory), not a fixed time.
    await expect.poll(() => refused, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    expect(shown).toBe('');
    down = false;
    const end = await reply.settled;
    expect(shown).toBe('xyz');
    expect(end).toMatchObject({ type: 'done', assistantMessage: { content: 'xyz', status: 'complete' } });
    expect(errors).toEqual(['storing reply 7 (retrying)']);
  });

  it('gives up after the outage budget and ends with only what was stored', async () => {
    let calls = 0;
    const store: ReplyStore = {
      saveProgress: async () => {
        if (++calls > 1) throw new Error('connection refused');
        return 'stored' as const;
      },
      finish: async () => {
        throw new Error('unreachable');
      },
    };
    const reg = new ReplyRegistry({ store, flushIntervalMs: 5, outageBudgetMs: 200 });
    const reply = start(reg, scripted('abcdefghijklmnop'.split(''), 40));
    const end = await reply.settled;
    expect(end).toMatchObject({ type: 'error', message: storageMessage, assistantMessage: { content: 'a' } });
    expect(reply.abort.signal.aborted).toBe(true);
  });

  it('a reply whose lease was lost (retried elsewhere, swept, deleted) stops at once and writes nothing', async () => {
    let finishes = 0;
    const lost: number[] = [];
    const store: ReplyStore = {
      saveProgress: async () => 'gone' as const,
      finish: async () => {
        finishes++;
        return null;
      },
    };
    const reg = new ReplyRegistry({ store, flushIntervalMs: 5, onLeaseLost: (id) => lost.push(id) });
    const end = await start(reg, scripted(['a', 'b', 'c'], 10)).settled;
    // Its clients get a final event; no false 'database unreachable'.
    expect(end).toMatchObject({ type: 'done', assistantMessage: { content: '', status: 'interrupted' } });
    expect(finishes).toBe(0);
    expect(lost).toEqual([7]);
  });

  it('a refused final write is a lost lease, not a storage failure', async () => {
    const lost: number[] = [];
    const { store } = memoryStore();
    store.finish = async () => null;
    const reg = new ReplyRegistry({ store, flushIntervalMs: 5, onLeaseLost: (id) => lost.push(id) });
    const end = await start(reg, scripted(['a', 'b'])).settled;
    expect(end).toMatchObject({ type: 'done', assistantMessage: { content: 'ab', status: 'interrupted' } });
    expect(lost).toEqual([7]);
  });

  it('writes under the epoch the reply was started with', async () => {
    const epochs: number[] = [];
    const { store } = memoryStore();
    const save = store.saveProgress;
    store.saveProgress = async (lease, content) => (epochs.push(lease.leaseEpoch), save(lease, content));
    const reg = new ReplyRegistry({ store, flushIntervalMs: 5 });
    const provider = scripted(['a', 'b']);
    await reg.start({ messageId: 3, leaseEpoch: 4, conversationId: 1, userId: 'u', provider, turns: [] })
      .settled;
    expect(epochs.length).toBeGreaterThan(0);
    expect(new Set(epochs)).toEqual(new Set([4]));
    expect(reg.liveLeases()).toEqual([]);
  });

  it('marks a reply cut by our side free to retry, not one the user stopped', async () => {
    const { store, finished } = memoryStore();
    const reg = new ReplyRegistry({ store, flushIntervalMs: 5 });
    await start(reg, scripted(['a', 'b'], 0, 1), 1).settled;
    const stopped = start(reg, heldAfter('a'), 2);
    await expect.poll(() => stopped.generated.length).toBeGreaterThan(0);
    await reg.stop(2);
    await stopped.settled;
    expect(finished.map((f) => f.retryFree)).toEqual([true, false]);
  });

  it('drain lets replies finish within the time given, then interrupts the rest', async () => {
    const { store } = memoryStore();
    const reg = new ReplyRegistry({ store, flushIntervalMs: 5 });
    const quick = start(reg, scripted(['a', 'b'], 10), 1);
    const slow = start(reg, scripted(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'], 40), 2);
    await reg.drain(120);
    expect(reg.accepting).toBe(false);
    expect(await quick.settled).toMatchObject({ type: 'done', assistantMessage: { status: 'complete' } });
    expect(await slow.settled).toMatchObject({ type: 'error', message: shutdownMessage });
    expect(reg.size).toBe(0);
  });
});
