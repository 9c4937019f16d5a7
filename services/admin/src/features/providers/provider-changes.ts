import type {
  AdminAction,
  AdminProvider,
  AdminProviderResponse,
  CreateProviderRequest,
  UpdateProviderRequest,
} from '@noek/contracts';
import type { AdminContext } from '../../context';
import type { Actor } from '../access/require-admin';
import { failedOutcome, type Snapshot } from '../actions/run-admin-action';

/**
 * What the audit keeps of a provider: never its key, not even the last characters the screen shows, only
 * whether one is set (and, after an edit, whether this edit replaced it).
 */
function snapshot(p: AdminProvider, keyReplaced = false): Snapshot {
  return {
    name: p.name,
    baseUrl: p.baseUrl,
    models: p.models,
    enabled: p.enabled,
    apiKeySet: p.apiKey.set,
    ...(keyReplaced ? { apiKeyReplaced: true } : {}),
  };
}

type Change<R> = {
  action: AdminAction;
  providerId: string;
  before: Snapshot | null;
  call: () => Promise<R>;
  after: (result: R) => Snapshot | null;
};

/**
 * A provider change is made by chat (one call), then appended to the audit log with what is known, like a
 * user action: 'succeeded', 'failed' with chat's code, or 'unknown' when chat never answered in time. Bad
 * input and an unknown provider change nothing and are not audited. A done change answers done even if
 * recording it fails (logged).
 */
async function audited<R>(ctx: AdminContext, actor: Actor, requestId: string | null, c: Change<R>) {
  const at = ctx.now();
  const append = (outcome: 'succeeded' | 'failed' | 'unknown', after: Snapshot | null, code: string | null) =>
    ctx.audit
      .append({
        at,
        actorId: actor.id,
        actorEmail: actor.email,
        targetUserId: null,
        targetEmail: null,
        targetProviderId: c.providerId,
        action: c.action,
        outcome,
        before: c.before,
        after,
        requestId,
        errorCode: code,
      })
      .catch((err: unknown) =>
        ctx.logger.error(
          { err, action: c.action, providerId: c.providerId },
          'could not audit a provider change',
        ),
      );
  let result: R;
  try {
    result = await c.call();
  } catch (err) {
    const failed = failedOutcome(err);
    if (failed) await append(failed.outcome, null, failed.code);
    throw err;
  }
  await append('succeeded', c.after(result), null);
  return result;
}

/** The provider as chat has it before a change: null when chat cannot say (the change then fails too). */
async function current(ctx: AdminContext, actor: Actor, providerId: string): Promise<AdminProvider | null> {
  const list = await ctx.chat.providers.list(actor).catch(() => null);
  return list?.providers.find((p) => p.id === providerId) ?? null;
}

/** A PATCH that only turns the provider on or off is named so in the audit. */
function updateAction(before: AdminProvider | null, body: UpdateProviderRequest): AdminAction {
  const { enabled, ...rest } = body;
  const onlyToggles = Object.values(rest).every((v) => v === undefined);
  if (enabled === undefined || !onlyToggles || before?.enabled === enabled) return 'provider.updated';
  return enabled ? 'provider.enabled' : 'provider.disabled';
}

export function createProvider(
  ctx: AdminContext,
  actor: Actor,
  body: CreateProviderRequest,
  requestId: string | null,
): Promise<AdminProviderResponse> {
  return audited(ctx, actor, requestId, {
    action: 'provider.created',
    providerId: body.id,
    before: null,
    call: () => ctx.chat.providers.create(actor, body),
    after: (r) => snapshot(r.provider),
  });
}

export async function updateProvider(
  ctx: AdminContext,
  actor: Actor,
  providerId: string,
  body: UpdateProviderRequest,
  requestId: string | null,
): Promise<AdminProviderResponse> {
  const before = await current(ctx, actor, providerId);
  return audited(ctx, actor, requestId, {
    action: updateAction(before, body),
    providerId,
    before: before && snapshot(before),
    call: () => ctx.chat.providers.update(actor, providerId, body),
    after: (r) => snapshot(r.provider, typeof body.apiKey === 'string'),
  });
}

export async function deleteProvider(
  ctx: AdminContext,
  actor: Actor,
  providerId: string,
  requestId: string | null,
): Promise<{ deleted: string }> {
  const before = await current(ctx, actor, providerId);
  return audited(ctx, actor, requestId, {
    action: 'provider.deleted',
    providerId,
    before: before && snapshot(before),
    call: () => ctx.chat.providers.remove(actor, providerId),
    after: () => null,
  });
}
