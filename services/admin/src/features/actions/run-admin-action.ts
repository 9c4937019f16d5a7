import { randomUUID } from 'node:crypto';
import {
  adminActionRecordedEvent,
  errorCodes,
  type AdminAction,
  type AdminUserRow,
  type AuthUserRecord,
} from '@noek/contracts';
import { ConflictError, isDomainError, NotFoundError, type UnitScope } from '@noek/service-kit';
import type { AdminContext, AdminRepositories } from '../../context';
import type { DirectoryRow } from '../directory/directory.repository';
import { toAdminUserRow } from '../directory/admin-user.view';
import type { Actor } from '../access/require-admin';

export type Snapshot = Record<string, unknown>;

export type ActionRequest = {
  actor: Actor;
  targetId: string;
  action: AdminAction;
  requestId: string | null;
  /** Refuse doing this to one's own account (ban, block, demote). */
  notSelf?: boolean;
};

export type ActionWork<R> = {
  /** The fields this action is about, from the target as it stands. */
  snapshot: (target: DirectoryRow) => Snapshot;
  /** Calls auth or chat; returns its result and applies it to the read model in the audit's transaction. */
  perform: (
    target: DirectoryRow,
  ) => Promise<{ result: R; apply: (repos: AdminRepositories) => Promise<DirectoryRow | null> }>;
};

/** Failures that mean nothing was attempted: not audited (bad input, unknown user). */
function nothingAttempted(err: unknown): boolean {
  return isDomainError(err) && (err.status === 400 || err.status === 404 || err.status === 415);
}

/**
 * Every admin action goes through here: find the target, refuse self-actions, call the owning service,
 * then in ONE transaction update the read model, append the audit entry and enqueue
 * admin.action.recorded.v1. A failure after the attempt (refused by auth, service down) is audited as
 * failed with its code; the owning service changed nothing in that case (each action is one call).
 */
export async function runAdminAction<R>(
  ctx: AdminContext,
  req: ActionRequest,
  work: ActionWork<R>,
): Promise<R> {
  const target = await findTarget(ctx, req.targetId);
  const before = work.snapshot(target);
  const at = ctx.now();
  try {
    if (req.notSelf && req.actor.id === target.id)
      throw new ConflictError('You cannot do this to your own account.', errorCodes.selfAction);
    const { result, apply } = await work.perform(target);
    await ctx.transaction(async (repos) => {
      const after = await apply(repos);
      await record(repos, req, target, 'succeeded', before, after ? work.snapshot(after) : null, at, null);
    });
    return result;
  } catch (err) {
    if (nothingAttempted(err)) throw err;
    const code = isDomainError(err) ? err.code : errorCodes.internal;
    await ctx
      .transaction((repos) => record(repos, req, target, 'failed', before, null, at, code))
      .catch((auditErr: unknown) =>
        ctx.logger.error({ err: auditErr }, 'could not record a failed admin action'),
      );
    throw err;
  }
}

async function findTarget(ctx: AdminContext, id: string): Promise<DirectoryRow> {
  const row = await ctx.directory.findById(id);
  if (row) return row;
  // Not in the read model yet (or unknown): auth decides; its 404 is ours.
  const record: AuthUserRecord = await ctx.auth.get(id).catch((err: unknown) => {
    if (isDomainError(err) && err.status === 404) throw new NotFoundError('User not found.');
    throw err;
  });
  return ctx.transaction(({ directory }) => directory.record(record, ctx.now()));
}

async function record(
  repos: UnitScope<AdminRepositories>,
  req: ActionRequest,
  target: DirectoryRow,
  outcome: 'succeeded' | 'failed',
  before: Snapshot,
  after: Snapshot | null,
  at: Date,
  errorCode: string | null,
): Promise<void> {
  await repos.audit.append({
    at,
    actorId: req.actor.id,
    actorEmail: req.actor.email,
    targetUserId: target.id,
    targetEmail: target.email,
    action: req.action,
    outcome,
    before,
    after,
    requestId: req.requestId,
    errorCode,
  });
  await repos.publish({
    id: randomUUID(),
    type: adminActionRecordedEvent.subject,
    time: at.toISOString(),
    correlationId: req.requestId ?? randomUUID(),
    data: {
      actorId: req.actor.id,
      targetUserId: target.id,
      action: req.action,
      before,
      after,
      at: at.toISOString(),
      outcome,
      requestId: req.requestId,
    },
  });
}

/** A record from auth applied to the read model. */
export const applyRecord =
  (ctx: AdminContext, user: AuthUserRecord) =>
  ({ directory }: AdminRepositories): Promise<DirectoryRow> =>
    directory.record(user, ctx.now());

/** The work of an action auth performs: auth answers the user record, which the read model takes as is. */
export const viaAuth =
  (ctx: AdminContext, call: () => Promise<AuthUserRecord>) =>
  async (): Promise<{
    result: AuthUserRecord;
    apply: (repos: AdminRepositories) => Promise<DirectoryRow>;
  }> => {
    const user = await call();
    return { result: user, apply: applyRecord(ctx, user) };
  };

/** Runs an action on a user, then answers the user's row as the table shows it now. */
export async function actOnUser<R>(
  ctx: AdminContext,
  req: ActionRequest,
  work: ActionWork<R>,
): Promise<{ user: AdminUserRow }> {
  await runAdminAction(ctx, req, work);
  return { user: await userRow(ctx, req.targetId) };
}

async function userRow(ctx: AdminContext, id: string): Promise<AdminUserRow> {
  const [u, up] = await Promise.all([ctx.directory.findById(id), ctx.chat.isUp()]);
  if (!u) throw new Error(`user ${id} vanished from the read model`);
  return toAdminUserRow(u, ctx.now(), up);
}
