import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiError,
  serverMessageOr,
  type ChatSettings,
  type Message,
  type StreamEvent,
} from '@noek/contracts';
import { chatApi, streamApi, type StreamHandler } from '../api/chat-api';
import { chatCache } from '../cache/chat-cache';
import { chatKeys } from '../api/query-keys';
import { applyStreamEvent, streamingReply } from './apply-stream-event';

export type Phase = 'idle' | 'sending' | 'streaming';

export interface ChatSessionOptions {
  userId: string;
  conversationId: number | null;
  /** Opens /chat/{id} after the first message creates the conversation. */
  openConversation: (id: number) => void;
}

type Starter = (conversationId: number, onEvent: StreamHandler, signal: AbortSignal) => Promise<void>;

/**
 * One conversation's messages and its reply stream. Generation runs on the server: leaving the
 * conversation or reloading only detaches this reader; coming back re-attaches to a reply still
 * `streaming` (spec: no reply is ever lost).
 */
export function useChatSession({ userId, conversationId, openConversation }: ChatSessionOptions) {
  const qc = useQueryClient();
  const [phase, setPhase] = useState<Phase>('idle');
  const [awaitingFirstToken, setAwaiting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notices, setNotices] = useState<Record<number, string>>({});
  const stream = useRef<{ conversationId: number; controller: AbortController; messageId?: number } | null>(
    null,
  );

  const streamingHere = stream.current?.conversationId === conversationId && phase !== 'idle';
  const messages = useQuery({
    queryKey: chatKeys.messages(conversationId ?? 0),
    queryFn: async () => {
      const list = await chatApi.messages(conversationId ?? 0);
      chatCache.setMessages(userId, conversationId ?? 0, list);
      return list;
    },
    enabled: conversationId !== null && !streamingHere,
    placeholderData: () => (conversationId === null ? undefined : chatCache.messages(userId, conversationId)),
  });

  const apply = useCallback(
    (id: number, event: StreamEvent) => {
      qc.setQueryData<Message[]>(chatKeys.messages(id), (old) =>
        applyStreamEvent(
          (old ?? []).filter((m) => m.id > 0),
          event,
        ),
      );
      if (event.type === 'started' || (event.type === 'done' && event.conversation)) {
        const conversation = event.conversation;
        if (conversation) {
          qc.setQueryData<ChatSettings>(chatKeys.settings, (s) =>
            s ? { ...s, funMode: conversation.funMode } : s,
          );
          void qc.invalidateQueries({ queryKey: chatKeys.conversations });
        }
      }
    },
    [qc],
  );

  const run = useCallback(
    async (id: number, start: Starter) => {
      stream.current?.controller.abort();
      const controller = new AbortController();
      const current: { conversationId: number; controller: AbortController; messageId?: number } = {
        conversationId: id,
        controller,
      };
      stream.current = current;
      setPhase('sending');
      setAwaiting(true);
      setError(null);
      let ended = false;
      try {
        await start(
          id,
          (event) => {
            if (stream.current !== current) return;
            apply(id, event);
            if (event.type === 'started' || event.type === 'snapshot') {
              current.messageId = event.assistantMessage.id;
              setPhase('streaming');
              if (event.type === 'snapshot' && event.assistantMessage.content) setAwaiting(false);
            } else if (event.type === 'token') setAwaiting(false);
            else if (event.type === 'error')
              setNotices((n) => ({ ...n, [event.assistantMessage.id]: event.message }));
            if (event.type === 'done' || event.type === 'error') ended = true;
          },
          controller.signal,
        );
        // Cut before its end (session revoked, server restarting): show what the server has stored.
        if (!ended && !controller.signal.aborted)
          void qc.invalidateQueries({ queryKey: chatKeys.messages(id) });
      } catch (err) {
        if (controller.signal.aborted) return; // detached on purpose: the server goes on
        // Spec §8: a failed send stops the typing indicator; the server's message says why (limit, block).
        qc.setQueryData<Message[]>(chatKeys.messages(id), (old) => old?.filter((m) => m.id > 0));
        setError(
          err instanceof ApiError
            ? serverMessageOr(err, err.message)
            : 'Failed to send message. Please try again.',
        );
      } finally {
        if (stream.current === current) {
          stream.current = null;
          setPhase('idle');
          setAwaiting(false);
          const list = qc.getQueryData<Message[]>(chatKeys.messages(id));
          if (list) chatCache.setMessages(userId, id, list);
        }
      }
    },
    [apply, qc, userId],
  );

  // Switching conversation detaches from the old stream (never stops it on the server).
  useEffect(() => {
    if (stream.current && stream.current.conversationId !== conversationId) stream.current.controller.abort();
    setError(null);
  }, [conversationId]);
  useEffect(() => () => stream.current?.controller.abort(), []);

  // Re-attach to a reply still being written (after reload, or coming back to this conversation).
  // Only from the server's answer: the local cache (placeholder) may be stale, and re-attaching on it
  // would race the fetch that is still on its way.
  const liveId = messages.data && !messages.isPlaceholderData ? streamingReply(messages.data)?.id : undefined;
  useEffect(() => {
    if (liveId === undefined || conversationId === null || stream.current) return;
    void run(conversationId, (id, onEvent, signal) => streamApi.follow(id, liveId, onEvent, signal));
  }, [liveId, conversationId, run]);

  const send = useCallback(
    async (content: string) => {
      let id = conversationId;
      if (id === null) {
        try {
          id = (await chatApi.create(userId)).id;
        } catch (err) {
          // Spec §8: only logged.
          console.error(
            `Failed to create conversation: ${err instanceof ApiError ? err.status : String(err)}`,
          );
          return;
        }
        void qc.invalidateQueries({ queryKey: chatKeys.conversations });
      }
      // A list fetch still in flight would land after the stream's events and wipe them.
      await qc.cancelQueries({ queryKey: chatKeys.messages(id) });
      // Sent before the history arrived: fetch it again once the reply is done.
      const hadHistory = qc.getQueryState(chatKeys.messages(id))?.status === 'success';
      const optimistic: Message = {
        id: -Date.now(),
        conversationId: id,
        role: 'user',
        content,
        createdAt: new Date().toISOString(),
        status: 'complete',
      };
      qc.setQueryData<Message[]>(chatKeys.messages(id), (old) => [...(old ?? []), optimistic]);
      const running = run(id, (cid, onEvent, signal) => streamApi.send(cid, content, onEvent, signal));
      if (conversationId === null) openConversation(id);
      await running;
      if (!hadHistory) void qc.invalidateQueries({ queryKey: chatKeys.messages(id) });
    },
    [conversationId, openConversation, qc, run, userId],
  );

  const stop = useCallback(async () => {
    const current = stream.current;
    if (!current?.messageId) return;
    try {
      const stored = await chatApi.stop(current.conversationId, current.messageId);
      apply(current.conversationId, { type: 'done', assistantMessage: stored });
    } catch (err) {
      console.error('Failed to stop the reply', err);
    }
  }, [apply]);

  const retry = useCallback(
    (messageId: number) => {
      if (conversationId === null) return;
      setNotices(({ [messageId]: _, ...rest }) => rest);
      void run(conversationId, (id, onEvent, signal) => streamApi.retry(id, messageId, onEvent, signal));
    },
    [conversationId, run],
  );

  return {
    messages: conversationId === null && phase === 'idle' ? [] : (messages.data ?? []),
    loadError: messages.isError ? 'Failed to fetch messages' : null,
    phase: streamingHere || (phase !== 'idle' && conversationId === null) ? phase : ('idle' as Phase),
    typing: (streamingHere || conversationId === null) && awaitingFirstToken,
    error,
    notices,
    send,
    stop,
    retry,
    dismissError: () => setError(null),
  };
}
