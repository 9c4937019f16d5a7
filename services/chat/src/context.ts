import type { Logger, UnitOfWork } from '@noek/service-kit';
import type { ConversationsRepository } from './features/conversations/conversations.repository';
import type { MessagesRepository } from './features/messages/messages.repository';
import type { SendRepository } from './features/messages/send.repository';
import type { ModelProvider } from './features/model/model.types';
import type { ReplyRegistry } from './features/replies/reply-registry';
import type { ChatUsersRepository } from './features/users/chat-users.repository';
import type { RevokedSessions } from './features/users/revoked-sessions';

/** The repositories a unit of work binds to one transaction. */
export interface ChatRepositories {
  conversations: ConversationsRepository;
  messages: MessagesRepository;
  users: ChatUsersRepository;
}

/** Values derived from config that use cases need (no env reading below config.ts). */
export interface ChatSettings {
  /** Messages of the conversation in the prompt, the new one included (PROMPT_HISTORY_MESSAGES). */
  promptHistory: number;
  /** Replies one user may have generating at once (MAX_LIVE_REPLIES_PER_USER). */
  maxLiveRepliesPerUser: number;
}

/** What chat's use cases receive; built once by createChatService (service.ts). Types only. */
export interface ChatContext extends ChatRepositories {
  /** The send path's two statements (one read, one write that is its own transaction). */
  send: SendRepository;
  /** Writes: `ctx.transaction(async ({ users, messages, publish }) => ...)` (outbox in the same transaction). */
  transaction: UnitOfWork<ChatRepositories>;
  /**
   * Conversations with a send or retry between its checks and its reply entering the registry
   * (messages/one-reply-at-a-time.ts).
   */
  sending: Set<number>;
  registry: ReplyRegistry;
  /** Sessions ended one by one (auth.session.revoked.v1), checked on every request without a read. */
  revokedSessions: RevokedSessions;
  provider: ModelProvider;
  settings: ChatSettings;
  /** Called after a single-statement write that put a row in the outbox (publishes it without waiting). */
  afterCommit: () => void;
  now: () => Date;
  logger: Logger;
}
