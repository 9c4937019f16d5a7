import type { Request } from 'express';
import { accessLevelSchema } from '@noek/contracts';
import { UnauthenticatedError, type AuthUser } from '@noek/service-kit';
import type { ChatDb } from './db/chat-db';
import type { ConversationsRepository } from './features/conversations/conversations.repository';
import type { MessagesRepository } from './features/messages/messages.repository';
import type { SendRepository } from './features/messages/send.repository';
import type { ModelProvider } from './features/model/model.types';
import type { ReplyRegistry } from './features/replies/reply-registry';
import { assertSessionValid } from './features/users/user-access';
import type { ChatUsersRepository } from './features/users/chat-users.repository';

/** Everything a chat route needs; built once by createService. */
export interface ChatContext {
  db: ChatDb;
  conversations: ConversationsRepository;
  messages: MessagesRepository;
  /** The send path's two statements (one read, one write). */
  send: SendRepository;
  /** Conversations with a send between its checks and its reply entering the registry (one at a time). */
  sending: Set<number>;
  users: ChatUsersRepository;
  registry: ReplyRegistry;
  provider: ModelProvider;
  promptHistory: number;
  maxLiveRepliesPerUser: number;
  /** Called after a transaction that wrote an outbox row (publishes it without waiting for the poll). */
  afterCommit: () => void;
}

export function authUser(req: Request): AuthUser {
  if (!req.user) throw new UnauthenticatedError();
  return req.user;
}

/** The session's user in chat's own records (created on first sight), with revocation applied. */
export async function chatUser(ctx: ChatContext, req: Request) {
  const auth = authUser(req);
  const level = accessLevelSchema.catch('basic').parse(auth.accessLevel);
  const user = await ctx.users.ensure(auth.id, level);
  assertSessionValid(user, auth.issuedAt);
  return user;
}
