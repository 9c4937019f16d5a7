import { useCallback, type MutableRefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { FeedbackRating, Message, PathMessage } from '@noek/contracts';
import { chatApi, streamApi, type StreamHandler } from '../api/chat-api';
import { chatKeys } from '../api/query-keys';
import { chatCache } from '../cache/chat-cache';
import type { ActiveStream, RunResult, Starter } from './stream-runner';

export interface BranchDeps {
  userId: string;
  conversationId: number | null;
  stream: MutableRefObject<ActiveStream | null>;
  run: (id: number, start: Starter) => Promise<RunResult>;
  setError: (error: string | null) => void;
  /** Opens a conversation (the new one made by 'Continue in a new chat'). */
  openConversation: (id: number) => void;
}

export const SWITCH_FAILED = 'Failed to show that version. Please try again.';
export const RATE_FAILED = 'Failed to save your feedback. Please try again.';
export const FORK_FAILED = 'Failed to continue in a new chat. Please try again.';

/** The path shown above `messageId` (the message itself and what follows go). */
const above = (list: Message[] | undefined, messageId: number) => {
  const i = (list ?? []).findIndex((m) => m.id === messageId);
  return i === -1 ? (list ?? []) : (list ?? []).slice(0, i);
};

/** How many versions the message has (itself and its siblings), from its place in the path shown. */
const countOf = (list: Message[] | undefined, messageId: number) => {
  const message = list?.find((m) => m.id === messageId);
  return message && 'branch' in message ? (message as PathMessage).branch.count : 1;
};

/**
 * Edit, regenerate and the '‹ 2 / 3 ›' switch. Edit and regenerate make a new branch and stream its
 * reply like a send (the same runner: re-attach after reload, Stop); once the reply is done the path
 * is fetched again, with the new branch counts. The path shown changes only once the server accepted:
 * a refused edit (limit, block) answers false and changes nothing, so the editor keeps the typed text.
 */
export function useBranchActions({
  userId,
  conversationId,
  stream,
  run,
  setError,
  openConversation,
}: BranchDeps) {
  const qc = useQueryClient();

  const branchOff = useCallback(
    async (messageId: number, start: (onEvent: StreamHandler, signal: AbortSignal) => Promise<void>) => {
      if (conversationId === null) return false;
      const id = conversationId;
      const key = chatKeys.messages(id);
      await qc.cancelQueries({ queryKey: key });
      let resolveAccepted: (accepted: boolean) => void = () => undefined;
      const accepted = new Promise<boolean>((resolve) => (resolveAccepted = resolve));
      let first = true;
      let versions = 1;
      const running = run(id, (_cid, onEvent, signal) =>
        start((event) => {
          // Accepted: the path now ends above the message, and the new branch follows it.
          if (first)
            qc.setQueryData<Message[]>(key, (old) => {
              versions = countOf(old, messageId);
              return above(old, messageId);
            });
          first = false;
          resolveAccepted(true);
          onEvent(event);
          // The new version (the edited message, or the regenerated reply) is the last of its siblings:
          // its '‹ n / n ›' shows at once, so the user may leave it while its reply streams, and come back.
          if (event.type === 'started') {
            const newest = (event.userMessage ?? event.assistantMessage).id;
            const branch = { index: versions, count: versions + 1 };
            qc.setQueryData<Message[]>(key, (old) =>
              old?.map((m) => (m.id === newest ? { ...m, branch } : m)),
            );
          }
        }, signal),
      );
      void running.then(({ refused }) => {
        resolveAccepted(!refused);
        void qc.invalidateQueries({ queryKey: key });
      });
      return accepted;
    },
    [conversationId, qc, run],
  );

  const edit = useCallback(
    (messageId: number, content: string): Promise<boolean> =>
      branchOff(messageId, (onEvent, signal) =>
        streamApi.edit(conversationId ?? 0, messageId, content, onEvent, signal),
      ),
    [conversationId, branchOff],
  );

  const regenerate = useCallback(
    (messageId: number): Promise<boolean> =>
      branchOff(messageId, (onEvent, signal) =>
        streamApi.regenerate(conversationId ?? 0, messageId, onEvent, signal),
      ),
    [conversationId, branchOff],
  );

  const switchBranch = useCallback(
    async (messageId: number, index: number) => {
      if (conversationId === null) return;
      try {
        const path = await chatApi.switchBranch(conversationId, messageId, index);
        // A reply streaming on the branch left goes on on the server; it is re-attached when its
        // branch is shown again (the path then ends with it, still `streaming`).
        if (stream.current?.conversationId === conversationId) stream.current.controller.abort();
        qc.setQueryData<Message[]>(chatKeys.messages(conversationId), path);
        chatCache.setMessages(userId, conversationId, path);
      } catch (err) {
        console.error('Failed to switch version', err);
        setError(SWITCH_FAILED);
      }
    },
    [conversationId, userId, qc, stream, setError],
  );

  const rate = useCallback(
    async (messageId: number, rating: FeedbackRating | null, comment?: string) => {
      if (conversationId === null) return;
      try {
        const feedback = await chatApi.rate(conversationId, messageId, rating, comment);
        const list = qc.setQueryData<Message[]>(chatKeys.messages(conversationId), (old) =>
          old?.map((m) => (m.id === messageId ? { ...m, feedback } : m)),
        );
        if (list) chatCache.setMessages(userId, conversationId, list);
      } catch (err) {
        console.error('Failed to save feedback', err);
        setError(RATE_FAILED);
      }
    },
    [conversationId, userId, qc, setError],
  );

  const fork = useCallback(
    async (messageId: number) => {
      if (conversationId === null) return;
      try {
        const created = await chatApi.fork(conversationId, messageId);
        void qc.invalidateQueries({ queryKey: chatKeys.conversations });
        openConversation(created.id);
      } catch (err) {
        console.error('Failed to fork the conversation', err);
        setError(FORK_FAILED);
      }
    },
    [conversationId, qc, setError, openConversation],
  );

  return { edit, regenerate, switchBranch, rate, fork };
}
