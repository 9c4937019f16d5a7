import { useCallback, useRef, useState, type MutableRefObject } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  ApiError,
  serverMessageOr,
  type ChatSettings,
  type Message,
  type StreamEvent,
} from '@noek/contracts';
import { streamApi, type StreamHandler } from '../api/chat-api';
import { chatKeys } from '../api/query-keys';
import { chatCache } from '../cache/chat-cache';
import { applyStreamEvent } from './apply-stream-event';

export type Phase = 'idle' | 'sending' | 'streaming';

/** Starts one reply stream (send, retry or follow) on a conversation. */
export type Starter = (conversationId: number, onEvent: StreamHandler, signal: AbortSignal) => Promise<void>;

/** The stream this screen is reading, if any. Aborting only detaches: the server goes on. */
export interface ActiveStream {
  conversationId: number;
  controller: AbortController;
  messageId?: number;
}

/**
 * How a run ended: `accepted` once the server answered with a stream (its first event); `refused`
 * when the call failed (limit, block, network, 5xx) rather than being detached on purpose.
 */
export interface RunResult {
  accepted: boolean;
  refused: boolean;
}

/**
 * Set while the page unloads (reload, navigation away): the browser then cuts every stream, which is
 * not a refusal; the server goes on and the reply is there when the page comes back.
 */
const pageLeaving = { current: false };
if (typeof window !== 'undefined') {
  const leaving = () => (pageLeaving.current = true);
  window.addEventListener('beforeunload', leaving);
  window.addEventListener('pagehide', leaving);
  window.addEventListener('pageshow', () => (pageLeaving.current = false));
}

/**
 * Pauses before each new attempt to follow a reply whose stream was cut: the
 * replica writing it may have crashed, and the one restarting or taking over answers only after a while
 * (about a minute and a half in all).
 */
const REFOLLOW_DELAYS_MS = [250, 500, 1_000, 2_000, ...Array<number>(20).fill(4_000)];

/** Resolves after `ms`, or at once when `signal` aborts (the reader detached). */
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/** A refusal that another attempt will not change (gone, not the user's, signed out). */
const finalRefusal = (err: unknown) =>
  err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 429;

/**
 * Follows the reply `current` was reading after its stream was cut before its end (the replica writing
 * it crashed, the connection broke): the reply is the server's and goes on there, or is finished as
 * interrupted with what was written kept (the lease sweep). Answers whether its end was read.
 */
async function followAfterCut(current: ActiveStream, onEvent: StreamHandler): Promise<boolean> {
  const { signal } = current.controller;
  for (const ms of REFOLLOW_DELAYS_MS) {
    if (current.messageId === undefined || signal.aborted || pageLeaving.current) return false;
    await pause(ms, signal);
    if (signal.aborted) return false;
    let ended = false;
    try {
      await streamApi.follow(
        current.conversationId,
        current.messageId,
        (event) => {
          onEvent(event);
          if (event.type === 'done' || event.type === 'error') ended = true;
        },
        signal,
      );
    } catch (err) {
      if (finalRefusal(err)) return false;
    }
    if (ended) return true;
  }
  return false;
}

/** Spec §8: a failed send stops the typing indicator; the server's message says why (limit, block). */
export function sendFailureMessage(err: unknown): string {
  return err instanceof ApiError
    ? serverMessageOr(err, err.message)
    : 'Failed to send message. Please try again.';
}

/** Applies one stream event to the cached messages (and fun mode / the list when the conversation moved). */
export function applyToCache(qc: QueryClient, conversationId: number, event: StreamEvent): void {
  qc.setQueryData<Message[]>(chatKeys.messages(conversationId), (old) =>
    applyStreamEvent(
      (old ?? []).filter((m) => m.id > 0),
      event,
    ),
  );
  const conversation = event.type === 'started' || event.type === 'done' ? event.conversation : undefined;
  if (!conversation) return;
  qc.setQueryData<ChatSettings>(chatKeys.settings, (s) => (s ? { ...s, funMode: conversation.funMode } : s));
  void qc.invalidateQueries({ queryKey: chatKeys.conversations });
}

/** Drops the optimistic (not yet stored) messages of a conversation. */
export function dropOptimistic(qc: QueryClient, conversationId: number): void {
  qc.setQueryData<Message[]>(chatKeys.messages(conversationId), (old) => old?.filter((m) => m.id > 0));
}

/** The phase, typing indicator, error and per-reply notices a stream drives. */
export function useStreamState() {
  const [phase, setPhase] = useState<Phase>('idle');
  const [awaitingFirstToken, setAwaiting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notices, setNotices] = useState<Record<number, string>>({});
  return { phase, setPhase, awaitingFirstToken, setAwaiting, error, setError, notices, setNotices };
}
export type StreamState = ReturnType<typeof useStreamState>;

/**
 * `run(id, start)`: reads one reply stream into the cache, driving the phase and the typing
 * indicator; a new run detaches the previous one. Answers whether the server accepted the call.
 */
export function useStreamRunner(userId: string, state: StreamState) {
  const qc = useQueryClient();
  const stream = useRef<ActiveStream | null>(null);
  const { setPhase, setAwaiting, setError, setNotices } = state;

  const onEvent = useCallback(
    (current: ActiveStream, event: StreamEvent) => {
      applyToCache(qc, current.conversationId, event);
      if (event.type === 'started' || event.type === 'snapshot') {
        current.messageId = event.assistantMessage.id;
        setPhase('streaming');
        if (event.type === 'snapshot' && event.assistantMessage.content) setAwaiting(false);
      } else if (event.type === 'token') setAwaiting(false);
      else if (event.type === 'error')
        setNotices((n) => ({ ...n, [event.assistantMessage.id]: event.message }));
    },
    [qc, setPhase, setAwaiting, setNotices],
  );

  const finish = useCallback(
    (current: ActiveStream) => {
      if (stream.current !== current) return;
      stream.current = null;
      setPhase('idle');
      setAwaiting(false);
      const list = qc.getQueryData<Message[]>(chatKeys.messages(current.conversationId));
      if (list) chatCache.setMessages(userId, current.conversationId, list);
    },
    [qc, userId, setPhase, setAwaiting],
  );

  const run = useCallback(
    async (id: number, start: Starter): Promise<RunResult> => {
      const current = attach(stream, id);
      setPhase('sending');
      setAwaiting(true);
      setError(null);
      let accepted = false;
      let ended = false;
      const handle: StreamHandler = (event) => {
        accepted = true;
        if (stream.current !== current) return;
        onEvent(current, event);
        if (event.type === 'done' || event.type === 'error') ended = true;
      };
      // Cut after the server accepted, before the end (the replica writing it crashed, the connection
      // broke): the reply is the server's now; follow it to its end, else show what the server stored.
      const afterCut = async () => {
        if (await followAfterCut(current, handle)) return;
        if (!current.controller.signal.aborted)
          void qc.invalidateQueries({ queryKey: chatKeys.messages(id) });
      };
      try {
        try {
          await start(id, handle, current.controller.signal);
        } catch (err) {
          // Detached on purpose, or the page is going away: not a refusal.
          if (current.controller.signal.aborted || pageLeaving.current) return { accepted, refused: false };
          if (!accepted) {
            dropOptimistic(qc, id);
            setError(sendFailureMessage(err));
            return { accepted, refused: true };
          }
        }
        if (!ended && !current.controller.signal.aborted) await afterCut();
      } finally {
        finish(current);
      }
      return { accepted, refused: false };
    },
    [qc, onEvent, finish, setPhase, setAwaiting, setError],
  );

  return { stream, run, apply: (id: number, event: StreamEvent) => applyToCache(qc, id, event) };
}

/** Detaches from the stream being read (if any) and makes a new one current. */
function attach(stream: MutableRefObject<ActiveStream | null>, conversationId: number): ActiveStream {
  stream.current?.controller.abort();
  const current: ActiveStream = { conversationId, controller: new AbortController() };
  stream.current = current;
  return current;
}
