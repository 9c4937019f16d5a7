import type {
  AdminProvider,
  AdminProviderList,
  createProviderRequestSchema,
  updateProviderRequestSchema,
} from '@noek/contracts';
import type { z } from 'zod';
import { ConflictError, NotFoundError, ServiceUnavailableError } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import type { ProviderSpec } from './provider-spec.schema';
import { SecretBoxError } from './secret-box';
import type { StoredProviderChange, StoredProviderRow } from './stored-providers.repository';

type Ctx = Pick<ChatContext, 'catalog' | 'storedProviders' | 'providerSecrets' | 'logger'>;

const last4 = (key: string) => key.slice(-4);

/** The spec the catalog uses for a stored row; null when its key cannot be opened (logged, never the key). */
function specOf(ctx: Ctx, row: StoredProviderRow): ProviderSpec | null {
  let apiKey: string | undefined;
  if (row.apiKeyEncrypted) {
    try {
      if (!ctx.providerSecrets) throw new SecretBoxError();
      apiKey = ctx.providerSecrets.open(row.apiKeyEncrypted);
    } catch (err) {
      if (!(err instanceof SecretBoxError)) throw err;
      ctx.logger.warn({ provider: row.id }, 'stored provider skipped: its API key cannot be decrypted');
      return null;
    }
  }
  return {
    id: row.id,
    name: row.name,
    type: 'openai',
    baseUrl: row.baseUrl,
    apiKey,
    local: false,
    stored: true,
    models: row.models,
  };
}

/**
 * The catalog takes the table's enabled providers (a new or changed one is listed before this returns):
 * after every admin change, at start and every few seconds (a change made on another replica).
 */
export function syncStoredProviders(ctx: Ctx): Promise<void> {
  // One at a time per catalog: a slow sync that read the table earlier never undoes a later one.
  const previous = syncing.get(ctx.catalog) ?? Promise.resolve();
  const next = previous.then(async () => {
    const rows = await ctx.storedProviders.list();
    await ctx.catalog.setStored(rows.filter((r) => r.enabled).flatMap((r) => specOf(ctx, r) ?? []));
  });
  syncing.set(
    ctx.catalog,
    next.catch(() => undefined),
  );
  return next;
}
const syncing = new WeakMap<object, Promise<void>>();

/** Every provider with its health: configured ones (read-only) first, then the stored ones. */
export async function listProviders(ctx: Ctx): Promise<AdminProviderList> {
  const rows = await ctx.storedProviders.list();
  const health = ctx.catalog.health();
  const configured: AdminProvider[] = health
    .filter((h) => !h.spec.stored)
    .map((h) => ({
      id: h.spec.id,
      name: h.spec.name,
      source: 'environment',
      baseUrl: h.spec.baseUrl ?? '',
      apiKey: { set: h.spec.apiKey !== undefined, last4: h.spec.apiKey ? last4(h.spec.apiKey) : null },
      models: h.spec.models ?? [],
      enabled: true,
      health: h.health,
      checkedAt: h.checkedAt?.toISOString() ?? null,
      modelCount: h.models,
    }));
  return { providers: [...configured, ...rows.map((r) => viewOf(ctx, r))] };
}

function viewOf(ctx: Ctx, row: StoredProviderRow): AdminProvider {
  const h = row.enabled ? ctx.catalog.health().find((s) => s.spec.stored && s.spec.id === row.id) : undefined;
  return {
    id: row.id,
    name: row.name,
    source: 'stored',
    baseUrl: row.baseUrl,
    apiKey: { set: row.apiKeyEncrypted !== null, last4: row.apiKeyLast4 },
    models: row.models,
    enabled: row.enabled,
    health: h?.health ?? 'unknown',
    checkedAt: h?.checkedAt?.toISOString() ?? null,
    modelCount: h?.models ?? 0,
  };
}

function sealedKey(ctx: Ctx, apiKey: string | null | undefined): StoredProviderChange {
  if (apiKey === undefined) return {};
  if (apiKey === null) return { apiKeyEncrypted: null, apiKeyLast4: null };
  if (!ctx.providerSecrets)
    throw new ServiceUnavailableError(
      'API keys cannot be stored: the chat service has no PROVIDER_SECRET_KEY. Nothing was changed.',
    );
  return { apiKeyEncrypted: ctx.providerSecrets.seal(apiKey), apiKeyLast4: last4(apiKey) };
}

const providerNotFound = (id: string) => new NotFoundError(`There is no stored provider ${id}.`);

export async function createProvider(
  ctx: Ctx,
  body: z.output<typeof createProviderRequestSchema>,
  /** The admin acting (logged with what changed). */
  actorId: string,
): Promise<AdminProvider> {
  const taken = () =>
    new ConflictError(`A provider with the id ${body.id} exists already.`, undefined, {
      'body.id': ['This id is taken'],
    });
  if (ctx.catalog.hasConfigured(body.id)) throw taken();
  const row: StoredProviderRow = {
    id: body.id,
    name: body.name,
    baseUrl: body.baseUrl,
    apiKeyEncrypted: null,
    apiKeyLast4: null,
    models: body.models,
    enabled: body.enabled,
    ...sealedKey(ctx, body.apiKey),
  };
  if (!(await ctx.storedProviders.create(row))) throw taken();
  ctx.logger.info({ provider: row.id, actorId }, 'model provider added');
  await syncStoredProviders(ctx);
  return viewOf(ctx, row);
}

export async function updateProvider(
  ctx: Ctx,
  id: string,
  { apiKey, ...rest }: z.output<typeof updateProviderRequestSchema>,
  actorId: string,
): Promise<AdminProvider> {
  const row = await ctx.storedProviders.update(id, { ...rest, ...sealedKey(ctx, apiKey) });
  if (!row) throw providerNotFound(id);
  // What changed, never the key itself.
  const changed = [...Object.keys(rest), ...(apiKey === undefined ? [] : ['apiKey'])];
  ctx.logger.info({ provider: id, actorId, changed }, 'model provider changed');
  await syncStoredProviders(ctx);
  return viewOf(ctx, row);
}

export async function removeProvider(ctx: Ctx, id: string, actorId: string): Promise<{ deleted: string }> {
  if (!(await ctx.storedProviders.remove(id))) throw providerNotFound(id);
  ctx.logger.info({ provider: id, actorId }, 'model provider deleted');
  await syncStoredProviders(ctx);
  return { deleted: id };
}
