import type { Logger, UnitOfWork } from '@noek/service-kit';
import type { ConversationsRepository } from './features/conversations/conversations.repository';
import type { FeedbackRepository } from './features/feedback/feedback.repository';
import type { MessageTreeRepository } from './features/messages/message-tree.repository';
import type { MessagesRepository } from './features/messages/messages.repository';
import type { SendRepository } from './features/messages/send.repository';
import type { ModelProvider } from './features/model/model.types';
import type { PlanLimitsTable } from './features/usage/plan-limits';
import type { ExportRepository } from './features/export/export.repository';
import type { ImportsRepository } from './features/import/imports.repository';
import type { PinsRepository } from './features/pins/pins.repository';
import type { SharingSwitch } from './features/share/sharing-switch';
import type { ProviderCatalog } from './features/providers/provider-catalog';
import type { TokenUsageRepository } from './features/tokens/token-usage.repository';
import type { SecretBox } from './features/providers/secret-box';
import type { StoredProvidersRepository } from './features/providers/stored-providers.repository';
import type { ReplyRegistry } from './features/replies/reply-registry';
import type { SearchRepository } from './features/search/search.repository';
import type { ShareRepository } from './features/share/share.repository';
import type { ChatUsersRepository } from './features/users/chat-users.repository';

/** The repositories a unit of work binds to one transaction. */
export interface ChatRepositories {
  conversations: ConversationsRepository;
  messages: MessagesRepository;
  /** Feedback on replies (feedback/feedback.repository.ts). */
  feedback: FeedbackRepository;
  /** The message tree: paths, siblings, the remembered leaf (messages/message-tree.repository.ts). */
  tree: MessageTreeRepository;
  users: ChatUsersRepository;
  pins: PinsRepository;
  imports: ImportsRepository;
}

/** Values derived from config that use cases need (no env reading below config.ts). */
export interface ChatSettings {
  /** Messages of the conversation in the prompt, the new one included (PROMPT_HISTORY_MESSAGES). */
  promptHistory: number;
  /** Replies one user may have generating at once (MAX_LIVE_REPLIES_PER_USER). */
  maxLiveRepliesPerUser: number;
  /** The model writes a conversation's title after its first reply (MODEL_TITLES). */
  modelTitles: boolean;
  /** Public share links may be made and opened until an admin decides (SHARING_ENABLED). */
  sharingEnabled: boolean;
  /** Largest import file accepted, in bytes (IMPORT_MAX_BYTES). */
  importMaxBytes: number;
  /** Context window of models not known by name, and of local ones (MODEL_DEFAULT_CONTEXT_TOKENS). */
  defaultContextTokens: number;
}

/** What chat's use cases receive; built once by createChatService (service.ts). Types only. */
export interface ChatContext extends ChatRepositories {
  /** Tokens of replies summed per user, model and day. */
  tokenUsage: TokenUsageRepository;
  /** The send path's two statements (one read, one write that is its own transaction). */
  send: SendRepository;
  /** Full-text search (read-only, outside units of work). */
  search: SearchRepository;
  /** Shared links (features/share). */
  shares: ShareRepository;
  /** Reads for downloads (features/export). */
  exports: ExportRepository;
  /** Writes: `ctx.transaction(async ({ users, messages, publish }) => ...)` (outbox in the same transaction). */
  transaction: UnitOfWork<ChatRepositories>;
  /**
   * Conversations with a send or retry between its checks and its reply entering the registry
   * (messages/one-reply-at-a-time.ts).
   */
  sending: Set<number>;
  registry: ReplyRegistry;
  /** The model that answers when none is chosen (the catalog's default, or the offline responder). */
  provider: ModelProvider;
  /** The caller of the model a reply records (`<provider>/<model>`); the default for null or one gone. */
  providerFor: (modelId: string | null) => ModelProvider;
  /** Providers and their models, kept in memory (the send path never lists models). */
  catalog: ProviderCatalog;
  /** The providers admins added (features/providers/stored-providers.ts). */
  storedProviders: StoredProvidersRepository;
  /** Seals and opens stored API keys (PROVIDER_SECRET_KEY); null when none is configured. */
  providerSecrets: SecretBox | null;
  settings: ChatSettings;
  /** Each level's limits as admins set them (plan settings), read on every send without a query. */
  planLimits: PlanLimitsTable;
  /** Whether public share links work now (admins' setting, else SHARING_ENABLED), read without a query. */
  sharing: SharingSwitch;
  /** Called after a single-statement write that put a row in the outbox (publishes it without waiting). */
  afterCommit: () => void;
  now: () => Date;
  logger: Logger;
}
