import { SharingSwitch } from './features/share/sharing-switch';
import { createSharingSettingsRepository } from './features/share/sharing-settings.repository';
import { subscribeSharingSettings } from './features/share/sharing-settings.consumer';
import type { RequestHandler } from 'express';
import type { Registry } from 'prom-client';
import { fileUploadPaths, IMPORT_DEFAULT_MAX_BYTES } from '@noek/contracts';
import {
  assembleService,
  createServiceApp,
  createUnitOfWork,
  standardReadiness,
  type Logger,
  type RevocationList,
  type ServiceWiring,
  createReplyMetrics,
  registerOutboxMetrics,
  type ReplyMetrics,
} from '@noek/service-kit';
import { meteredProvider } from './features/model/metered-provider';
import type { ChatConfig } from './config';
import type { ChatContext, ChatRepositories } from './context';
import type { ChatDb, ChatTx } from './database';
import { toMessage } from './features/conversations/conversation.mapper';
import { createConversationsRepository } from './features/conversations/conversations.repository';
import { registerConversationRoutes } from './features/conversations/conversations.routes';
import { createMessagesRepository, type MessagesRepository } from './features/messages/messages.repository';
import { registerFeedbackRoutes } from './features/feedback/feedback.routes';
import { registerInstructionsRoutes } from './features/instructions/instructions.routes';
import { registerMessageRoutes } from './features/messages/messages.routes';
import { createFeedbackRepository } from './features/feedback/feedback.repository';
import { createMessageTreeRepository } from './features/messages/message-tree.repository';
import { createSendRepository } from './features/messages/send.repository';
import { createModelFailureMetric, type ModelFailureMetric } from './features/model/model-metrics';
import type { ModelProvider } from './features/model/model.types';
import { createOfflineResponder } from './features/model/offline-responder';
import { createProgressGroupCommit } from './features/replies/progress-group-commit';
import { createCatalogProvider, createModelRouter } from './features/providers/catalog-provider';
import { listModels } from './features/providers/list-models';
import { ProviderCatalog } from './features/providers/provider-catalog';
import { registerProviderRoutes } from './features/providers/providers.routes';
import { providerSpecs } from './features/providers/provider-specs';
import { startReplyLeases } from './features/replies/reply-lease';
import { createPinsRepository } from './features/pins/pins.repository';
import { registerPinRoutes } from './features/pins/pins.routes';
import { ReplyRegistry } from './features/replies/reply-registry';
import { createSearchRepository } from './features/search/search.repository';
import { registerSearchRoutes } from './features/search/search.routes';
import { createExportRepository } from './features/export/export.repository';
import { registerExportRoutes } from './features/export/export.routes';
import { createImportsRepository } from './features/import/imports.repository';
import { registerImportRoutes } from './features/import/import.routes';
import { createShareRepository } from './features/share/share.repository';
import { registerShareRoutes } from './features/share/share.routes';
import { registerTokenRoutes } from './features/tokens/tokens.routes';
import { createTokenUsageRepository } from './features/tokens/token-usage.repository';
import { internalAdminGuard, registerUsageRoutes } from './features/usage/usage.routes';
import { createSecretBox } from './features/providers/secret-box';
import { createStoredProvidersRepository } from './features/providers/stored-providers.repository';
import { registerStoredProviderRoutes } from './features/providers/stored-providers.routes';
import { syncStoredProviders } from './features/providers/stored-providers';
import { subscribeAuthUsers } from './features/users/auth-user.consumer';
import { createChatUsersRepository } from './features/users/chat-users.repository';
import { PlanLimitsTable } from './features/usage/plan-limits';
import { subscribePlanSettings } from './features/usage/plan-settings.consumer';
import { createPlanSettingsRepository } from './features/usage/plan-settings.repository';

export type ChatServiceConfig = Pick<
  ChatConfig,
  | 'OPENAI_API_KEY'
  | 'OPENAI_BASE_URL'
  | 'OPENAI_MODEL'
  | 'MODEL_PROVIDERS'
  | 'OLLAMA_URL'
  | 'MODEL_REFRESH_INTERVAL_MS'
  | 'MODEL_LIST_TIMEOUT_MS'
  | 'MODEL_DEFAULT_CONTEXT_TOKENS'
  | 'MODEL_REQUEST_TIMEOUT_MS'
  | 'MODEL_IDLE_TIMEOUT_MS'
  | 'MODEL_MAX_RETRIES'
  | 'REPLY_FLUSH_INTERVAL_MS'
  | 'REPLY_LEASE_MS'
  | 'REPLY_OUTAGE_BUDGET_MS'
  | 'OFFLINE_WORD_DELAY_MS'
  | 'PROMPT_HISTORY_MESSAGES'
  | 'MAX_LIVE_REPLIES_PER_USER'
  | 'MODEL_TITLES'
> &
  // Optional: without it, admins may store providers that take no API key only.
  Partial<Pick<ChatConfig, 'PROVIDER_SECRET_KEY'>> &
  // Optional so that tests and benchmarks built before sharing need not name it (default: on).
  Partial<Pick<ChatConfig, 'SHARING_ENABLED' | 'IMPORT_MAX_BYTES'>>;

export interface ChatServiceDeps extends ServiceWiring {
  config: ChatServiceConfig;
  db: ChatDb;
  /** Sets req.user from the access token or answers 401 (service-kit's requireUser). */
  authenticate: RequestHandler;
  /** auth's public key: the internal usage API then also requires the admin service's token. */
  servicePublicKey?: string;
  /** The session guard's revocations: a stream revoked before it registered ends at once. */
  revocations?: Pick<RevocationList, 'isRevoked'>;
  /** Overrides the provider chosen from config (tests). */
  provider?: ModelProvider;
  /** Durable consumer name for auth's user events (unique per test run). */
  authDurable?: string;
  now?: () => Date;
}

/**
 * How often the plan settings are re-read from the table (a setting another replica's consumer applied:
 * each replica's durable is its own only in tests; in production they share one).
 */
const PLAN_SYNC_MS = 5_000;

/** The configured providers (or a local Ollama), listed in the background (features/providers). */
export function catalogFromConfig(
  config: ChatServiceConfig,
  logger: Logger,
  failures?: ModelFailureMetric,
): ProviderCatalog {
  return new ProviderCatalog({
    specs: providerSpecs(config),
    listModels,
    listTimeoutMs: config.MODEL_LIST_TIMEOUT_MS,
    refreshMs: config.MODEL_REFRESH_INTERVAL_MS,
    call: {
      requestTimeoutMs: config.MODEL_REQUEST_TIMEOUT_MS,
      idleTimeoutMs: config.MODEL_IDLE_TIMEOUT_MS,
      maxRetries: config.MODEL_MAX_RETRIES,
    },
    logger,
    onFailure: failures?.count,
  });
}

/** The repositories of one client: the pool, or a transaction (the unit of work's factory). */
function repositoriesOn(db: ChatTx): ChatRepositories {
  return {
    conversations: createConversationsRepository(db),
    messages: createMessagesRepository(db),
    tree: createMessageTreeRepository(db),
    feedback: createFeedbackRepository(db),
    users: createChatUsersRepository(db),
    pins: createPinsRepository(db),
    imports: createImportsRepository(db),
  };
}

/** Generation outlives requests: the registry stores partial and final replies through the repository. */
function createRegistry(
  config: ChatServiceConfig,
  messages: MessagesRepository,
  logger: Logger,
  revocations: ChatServiceDeps['revocations'],
  metrics: ReplyMetrics,
) {
  const progress = createProgressGroupCommit((writes) => messages.saveProgressMany(writes));
  return new ReplyRegistry({
    isRevoked: revocations && ((user) => revocations.isRevoked(user)),
    flushIntervalMs: config.REPLY_FLUSH_INTERVAL_MS,
    outageBudgetMs: config.REPLY_OUTAGE_BUDGET_MS,
    store: {
      saveProgress: progress.saveProgress,
      finish: async (lease, o) => {
        const row = await messages.finish(
          lease,
          o.content,
          o.status,
          o.retryFree,
          o.tokens,
          o.contextTrimmed,
        );
        if (row) metrics.finished(o.status);
        return row && toMessage(row);
      },
    },
    onError: (err, context) => logger.error({ err, context }, 'reply error'),
    // Not an error of the database (it answered): the reply is another writer's now, ours stopped.
    onLeaseLost: (messageId) =>
      logger.warn(
        {
          messageId,
          detail: 'another replica writes this reply now (or it is gone); its generation here stopped',
        },
        'reply lease lost',
      ),
  });
}

/** What every use case receives. */
function createContext(
  deps: ChatServiceDeps,
  afterCommit: () => void,
  metrics: ReplyMetrics,
  failures: ModelFailureMetric,
): ChatContext {
  const { db, config, logger } = deps;
  const catalog = catalogFromConfig(config, logger, failures);
  const provider =
    deps.provider ?? createCatalogProvider(catalog, createOfflineResponder(config.OFFLINE_WORD_DELAY_MS));
  const repositories = repositoriesOn(db);
  const providerFor = createModelRouter(catalog, provider, deps.provider);
  return {
    ...repositories,
    send: createSendRepository(db),
    search: createSearchRepository(db),
    shares: createShareRepository(db),
    exports: createExportRepository(db),
    tokenUsage: createTokenUsageRepository(db),
    storedProviders: createStoredProvidersRepository(db),
    providerSecrets: config.PROVIDER_SECRET_KEY ? createSecretBox(config.PROVIDER_SECRET_KEY) : null,
    transaction: createUnitOfWork(db, repositoriesOn, { afterPublish: afterCommit }),
    sending: new Set(),
    registry: createRegistry(config, repositories.messages, logger, deps.revocations, metrics),
    planLimits: new PlanLimitsTable(),
    sharing: new SharingSwitch(config.SHARING_ENABLED ?? true),
    catalog,
    provider: meteredProvider(provider, metrics),
    providerFor: (modelId) => meteredProvider(providerFor(modelId), metrics),
    settings: {
      promptHistory: config.PROMPT_HISTORY_MESSAGES,
      maxLiveRepliesPerUser: config.MAX_LIVE_REPLIES_PER_USER,
      modelTitles: config.MODEL_TITLES === 'on',
      sharingEnabled: config.SHARING_ENABLED ?? true,
      importMaxBytes: config.IMPORT_MAX_BYTES ?? IMPORT_DEFAULT_MAX_BYTES,
      defaultContextTokens: config.MODEL_DEFAULT_CONTEXT_TOKENS,
    },
    afterCommit,
    now: deps.now ?? (() => new Date()),
    logger,
  };
}

/** THE one place chat's dependencies are wired: repositories, context, routes, consumers (the kit runs them). */
export function createChatService(deps: ChatServiceDeps) {
  return assembleService('chat', deps, ({ afterPublish }) => {
    const { db, bus, logger } = deps;
    const replyMetrics = createReplyMetrics();
    const failures = createModelFailureMetric();
    const ctx = createContext(deps, afterPublish, replyMetrics, failures);
    const app = createServiceApp({
      name: 'chat',
      logger,
      readiness: standardReadiness(db, bus),
      streamBodyPaths: fileUploadPaths,
      routes: (a) => {
        a.use('/api/conversations', deps.authenticate);
        // Search, pins, shares, downloads and messages first: /search, /pins, /shares, /export,
        // /import and /settings must win over /api/conversations/:id.
        registerSearchRoutes(a, ctx);
        registerPinRoutes(a, ctx);
        registerShareRoutes(a, ctx);
        registerExportRoutes(a, ctx);
        registerImportRoutes(a, ctx);
        registerMessageRoutes(a, ctx);
        registerFeedbackRoutes(a, ctx);
        // Before the conversation routes: /api/conversations/instructions, /models and /tokens are not
        // conversation ids.
        registerInstructionsRoutes(a, ctx);
        registerProviderRoutes(a, ctx);
        registerTokenRoutes(a, ctx);
        registerConversationRoutes(a, ctx);
        const adminGuard = internalAdminGuard(ctx, deps.authenticate, deps.servicePublicKey);
        registerUsageRoutes(a, ctx, adminGuard);
        registerStoredProviderRoutes(a, ctx, adminGuard);
      },
    });
    failures.registerOn(app.locals.metricsRegistry as Registry | undefined);

    // The operator's dashboards (deploy/monitoring): replies and the outbox, beside the HTTP metrics.
    const metricsRegistry = app.locals.metricsRegistry as Parameters<ReplyMetrics['register']>[0];
    replyMetrics.register(metricsRegistry, () => ctx.registry.size);
    registerOutboxMetrics(metricsRegistry, db);

    const planSettings = createPlanSettingsRepository(db);
    /** Memory = the table (another replica may have consumed admin's latest plan settings). */
    const sharingSettings = createSharingSettingsRepository(db);
    const syncPlans = async () => {
      for (const p of await planSettings.list()) ctx.planLimits.apply(p.level, p.limits, p.updatedAt);
      const sharing = await sharingSettings.get();
      if (sharing) ctx.sharing.apply(sharing.enabled, sharing.updatedAt);
    };
    /** Providers stored or changed through another replica (an unchanged one is not listed again). */
    const syncProviders = () =>
      syncStoredProviders(ctx).catch((err: unknown) => logger.warn({ err }, 'stored providers sync failed'));
    let syncTimer: NodeJS.Timeout | undefined;
    let stopLeases = () => undefined as void;
    return {
      app,
      ctx,
      consumers: [
        {
          name: 'plan settings',
          subscribe: () =>
            subscribePlanSettings(bus, db, deps.authDurable ? `${deps.authDurable}-plans` : undefined, (p) =>
              ctx.planLimits.apply(p.level, p.limits, p.updatedAt),
            ),
        },
        {
          name: 'sharing setting',
          subscribe: () =>
            subscribeSharingSettings(
              bus,
              db,
              deps.authDurable ? `${deps.authDurable}-sharing` : undefined,
              (s) => ctx.sharing.apply(s.enabled, s.updatedAt),
            ),
        },
        {
          name: 'auth users',
          subscribe: () =>
            subscribeAuthUsers(bus, db, deps.authDurable, (facts, { revoked }) => {
              // Blocked or banned: stop generating for them; a revocation now: end their open streams.
              const stop = facts.isBanned || facts.isBlocked;
              if (stop || revoked) {
                void ctx.registry
                  .cutOff(facts.userId, stop)
                  .catch((err: unknown) => logger.error({ err }, 'cutting off streams failed'));
              }
            }),
        },
      ],
      async start() {
        stopLeases = startReplyLeases({
          store: ctx.messages,
          liveLeases: () => ctx.registry.liveLeases(),
          leaseMs: deps.config.REPLY_LEASE_MS,
          logger,
          onStopRequested: (id) => void ctx.registry.stop(id),
          now: ctx.now,
        });
        await syncPlans();
        syncTimer = setInterval(() => {
          void syncPlans().catch((err: unknown) => logger.warn({ err }, 'plan settings sync failed'));
          void syncProviders();
        }, PLAN_SYNC_MS);
        syncTimer.unref();
        // Not awaited: the service answers at once (offline or default model) while providers are listed.
        void ctx.catalog.start();
        void syncProviders();
        logger.info(
          { model: ctx.provider.kind },
          ctx.provider.kind === 'offline' ? 'no model configured: offline responder' : 'model configured',
        );
      },
      /**
       * A revocation heard by this replica's follower (the session guard): the streams it holds for that
       * session or user end now; a block or ban also stops the replies it is writing for them (one list
       * per process, fed from the bus: the guard's; the consumer above keeps chat's copy of the user).
       */
      onRevoked(change) {
        if (change.kind === 'session') ctx.registry.cutOffSession(change.sessionId);
        else
          void ctx.registry
            .cutOff(change.userId, change.stop)
            .catch((err: unknown) => logger.error({ err }, 'cutting off streams failed'));
      },
      activeUsers: () => ctx.registry.activeUserIds(),
      /**
       * Before the HTTP server closes (readiness already fails): no new reply starts here, the ones in
       * flight get up to `ms` to finish, the rest are stored as interrupted; every stream gets its final
       * event, so the server then closes with nothing left open.
       */
      drain: (ms) => ctx.registry.drain(ms),
      /** Whatever is still in flight is stored as interrupted (their clients get a final event). */
      async stop() {
        clearInterval(syncTimer);
        await ctx.registry.shutdown();
        ctx.catalog.stop();
        stopLeases();
      },
    };
  });
}
export type ChatService = ReturnType<typeof createChatService>;
