import type { Message, StreamEvent } from '@noek/contracts';

/** Adds or updates a message; what the stream does not carry (its place in the tree, feedback) is kept. */
function upsert(list: Message[], message: Message): Message[] {
  const i = list.findIndex((m) => m.id === message.id);
  if (i === -1) return [...list, message];
  const next = list.slice();
  next[i] = { ...next[i], ...message };
  return next;
}

/** The message list after one reply-stream event (pure, so the stream rules are unit tested). */
export function applyStreamEvent(list: Message[], event: StreamEvent): Message[] {
  switch (event.type) {
    case 'started': {
      const withUser = event.userMessage ? upsert(list, event.userMessage) : list;
      return upsert(withUser, event.assistantMessage);
    }
    case 'snapshot':
      return upsert(list, event.assistantMessage);
    case 'token': {
      const i = list.findIndex((m) => m.id === event.messageId);
      if (i === -1) return list;
      const next = list.slice();
      const current = next[i] as Message;
      next[i] = { ...current, content: current.content + event.text };
      return next;
    }
    case 'done':
    case 'error':
      return upsert(list, event.assistantMessage);
  }
}

/** The reply still being written, if the conversation has one (re-attach after reload or switch). */
export function streamingReply(list: Message[]): Message | undefined {
  const last = list.at(-1);
  return last?.role === 'assistant' && last.status === 'streaming' ? last : undefined;
}
