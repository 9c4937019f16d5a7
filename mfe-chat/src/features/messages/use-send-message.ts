import { useCallback, type MutableRefObject } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, type Message } from '@noek/contracts';
import { chatApi, streamApi } from '../api/chat-api';
import { chatKeys } from '../api/query-keys';
import { chatCache } from '../cache/chat-cache';
import type { RunResult, Starter } from './stream-runner';

export interface SendDeps {
  userId: string;
  conversationId: number | null;
  run: (id: number, start: Starter) => Promise<RunResult>;
  openConversation: (id: number) => void;
  /** Back to a new chat after a refused first message (its conversation is gone). */
  leaveConversation: () => void;
  /** Set while leaving, so the switch does not wipe the error that explains why. */
  keepErrorOnSwitch: MutableRefObject<boolean>;
}

/** Spec §4: with no conversation one is created first. A failure is only logged (spec §8): null. */
async function createConversation(userId: string): Promise<number | null> {
  try {
    return (await chatApi.create(userId)).id;
  } catch (err) {
    console.error(`Failed to create conversation: ${err instanceof ApiError ? err.status : String(err)}`);
    return null;
  }
}

/** Shows the user's message at once (a negative id until the server stores it). */
function showOptimistic(qc: QueryClient, conversationId: number, content: string): void {
  const optimistic: Message = {
    id: -Date.now(),
    conversationId,
    role: 'user',
    content,
    createdAt: new Date().toISOString(),
    status: 'complete',
  };
  qc.setQueryData<Message[]>(chatKeys.messages(conversationId), (old) => [...(old ?? []), optimistic]);
}

/**
 * Issue 9: a first message the server refused (limit, block, network, 5xx) leaves no empty
 * conversation behind: the one made for it is deleted (best effort) and never listed.
 */
async function discardConversation(qc: QueryClient, userId: string, conversationId: number): Promise<void> {
  qc.removeQueries({ queryKey: chatKeys.messages(conversationId) });
  chatCache.forgetConversation(userId, conversationId);
  try {
    await chatApi.remove(conversationId);
  } catch (err) {
    console.error('Failed to remove the conversation of a refused message', err);
  }
  void qc.invalidateQueries({ queryKey: chatKeys.conversations });
}

/**
 * `send(content)`: creates the conversation if needed, shows the message, streams the reply.
 * Answers true once the server accepted the message, false when it was refused, so the input keeps
 * what the user typed (nothing typed is lost).
 */
export function useSendMessage(deps: SendDeps) {
  const qc = useQueryClient();
  const { userId, conversationId, run, openConversation, leaveConversation, keepErrorOnSwitch } = deps;

  return useCallback(
    async (content: string): Promise<boolean> => {
      keepErrorOnSwitch.current = false; // a new send: an older refusal's error may go
      const isNew = conversationId === null;
      const id = conversationId ?? (await createConversation(userId));
      if (id === null) return false;
      // A list fetch still in flight would land after the stream's events and wipe them.
      await qc.cancelQueries({ queryKey: chatKeys.messages(id) });
      // Sent before the history arrived: fetch it again once the reply is done.
      const hadHistory = qc.getQueryState(chatKeys.messages(id))?.status === 'success';
      showOptimistic(qc, id, content);
      let resolveAccepted: (accepted: boolean) => void = () => undefined;
      const accepted = new Promise<boolean>((resolve) => (resolveAccepted = resolve));
      const running = run(id, (cid, onEvent, signal) =>
        streamApi.send(cid, content, (event) => (resolveAccepted(true), onEvent(event)), signal),
      );
      if (isNew) openConversation(id);
      void running.then(async ({ accepted: started, refused }) => {
        resolveAccepted(!refused);
        // Only a message the server never took: a reply cut mid-way keeps its conversation.
        if (refused && !started && isNew) {
          keepErrorOnSwitch.current = true;
          leaveConversation();
          await discardConversation(qc, userId, id);
        } else if (!hadHistory) void qc.invalidateQueries({ queryKey: chatKeys.messages(id) });
      });
      return accepted;
    },
    [conversationId, userId, qc, run, openConversation, leaveConversation, keepErrorOnSwitch],
  );
}
