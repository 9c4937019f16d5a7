import { useCallback, useEffect, useRef, type MutableRefObject } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Message } from '@noek/contracts';
import { chatApi, streamApi } from '../api/chat-api';
import { chatCache } from '../cache/chat-cache';
import { chatKeys } from '../api/query-keys';
import { streamingReply } from './apply-stream-event';
import {
  useStreamRunner,
  useStreamState,
  type ActiveStream,
  type Phase,
  type Starter,
} from './stream-runner';
import { useBranchActions } from './use-branch-actions';
import { useSendMessage } from './use-send-message';

export type { Phase } from './stream-runner';

export interface ChatSessionOptions {
  userId: string;
  conversationId: number | null;
  /** Opens /chat/{id} after the first message creates the conversation. */
  openConversation: (id: number) => void;
  /** Back to a new chat (the first message was refused and its conversation removed). */
  leaveConversation?: () => void;
}

/**
 * One conversation's messages and its reply stream. Generation runs on the server: leaving the
 * conversation or reloading only detaches this reader; coming back re-attaches to a reply still
 * `streaming` (spec: no reply is ever lost).
 */
export function useChatSession({
  userId,
  conversationId,
  openConversation,
  leaveConversation,
}: ChatSessionOptions) {
  const state = useStreamState();
  const { stream, run, apply } = useStreamRunner(userId, state);
  const streamingHere = stream.current?.conversationId === conversationId && state.phase !== 'idle';
  const messages = useMessages(userId, conversationId, !streamingHere);
  const keepErrorOnSwitch = useRef(false);

  useDetachOnSwitch(stream, conversationId, state.setError, keepErrorOnSwitch);
  useReattach(stream, run, conversationId, messages);

  const send = useSendMessage({
    userId,
    conversationId,
    run,
    openConversation,
    leaveConversation: leaveConversation ?? (() => undefined),
    keepErrorOnSwitch,
  });

  const stop = useCallback(async () => {
    const current = stream.current;
    if (!current?.messageId) return;
    try {
      const stored = await chatApi.stop(current.conversationId, current.messageId);
      apply(current.conversationId, { type: 'done', assistantMessage: stored });
    } catch (err) {
      console.error('Failed to stop the reply', err);
    }
  }, [stream, apply]);

  const { setNotices, setError } = state;
  const branches = useBranchActions({ userId, conversationId, stream, run, setError, openConversation });
  const retry = useCallback(
    (messageId: number) => {
      if (conversationId === null) return;
      setNotices(({ [messageId]: _, ...rest }) => rest);
      void run(conversationId, (id, onEvent, signal) => streamApi.retry(id, messageId, onEvent, signal));
    },
    [conversationId, run, setNotices],
  );

  // A stopped reply goes on from where it stopped (the same stream as a retry).
  const continueReply = useCallback(
    (messageId: number) => {
      if (conversationId === null) return;
      setNotices(({ [messageId]: _, ...rest }) => rest);
      void run(conversationId, (id, onEvent, signal) => streamApi.continue(id, messageId, onEvent, signal));
    },
    [conversationId, run, setNotices],
  );

  const { phase, awaitingFirstToken, error, notices } = state;
  return {
    messages: conversationId === null && phase === 'idle' ? [] : (messages.data ?? []),
    loadError: messages.isError ? 'Failed to fetch messages' : null,
    /** An open conversation whose first read is on its way (nothing cached yet): neither empty nor shown. */
    loading: conversationId !== null && messages.isLoading,
    phase: streamingHere || (phase !== 'idle' && conversationId === null) ? phase : ('idle' as Phase),
    typing: (streamingHere || conversationId === null) && awaitingFirstToken,
    error,
    notices,
    send,
    stop,
    retry,
    continueReply,
    ...branches,
    dismissError: () => setError(null),
  };
}

/** The conversation's messages: the local cache first (placeholder), then the server's list. */
function useMessages(userId: string, conversationId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.messages(conversationId ?? 0),
    queryFn: async (): Promise<Message[]> => {
      const list = await chatApi.messages(conversationId ?? 0);
      chatCache.setMessages(userId, conversationId ?? 0, list);
      return list;
    },
    enabled: conversationId !== null && enabled,
    placeholderData: () => (conversationId === null ? undefined : chatCache.messages(userId, conversationId)),
  });
}

/** Switching conversation detaches from the old stream (never stops it on the server). */
function useDetachOnSwitch(
  stream: MutableRefObject<ActiveStream | null>,
  conversationId: number | null,
  setError: (error: string | null) => void,
  keepErrorOnSwitch: MutableRefObject<boolean>,
) {
  useEffect(() => {
    if (stream.current && stream.current.conversationId !== conversationId) stream.current.controller.abort();
    // A refused first message goes to its conversation and straight back to a new chat, and a quick refusal
    // can land before, between or after those two renders: its error is kept until the new chat is reached.
    if (!keepErrorOnSwitch.current) setError(null);
    else if (conversationId === null) keepErrorOnSwitch.current = false;
  }, [stream, conversationId, setError, keepErrorOnSwitch]);
  useEffect(() => () => stream.current?.controller.abort(), [stream]);
}

/**
 * Re-attaches to a reply still being written (after reload, or coming back to this conversation).
 * Only from the server's answer: the local cache (placeholder) may be stale, and re-attaching on it
 * would race the fetch that is still on its way.
 */
function useReattach(
  stream: MutableRefObject<ActiveStream | null>,
  run: (id: number, start: Starter) => Promise<unknown>,
  conversationId: number | null,
  messages: { data?: Message[]; isPlaceholderData: boolean },
) {
  const liveId = messages.data && !messages.isPlaceholderData ? streamingReply(messages.data)?.id : undefined;
  useEffect(() => {
    if (liveId === undefined || conversationId === null || stream.current) return;
    void run(conversationId, (id, onEvent, signal) => streamApi.follow(id, liveId, onEvent, signal));
  }, [liveId, conversationId, run, stream]);
}
