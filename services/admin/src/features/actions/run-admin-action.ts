import { randomUUID } from 'node:crypto';
import {
  errorCodes,
  type AdminAction,
  type AdminUserRow,
  type AuditOutcome,
  type AuthUserRecord,
} from '@noek/contracts';
import { ConflictError, isDomainError, NotFoundError, type UnitScope } from '@noek/service-kit';
import type { AdminContext, AdminRepositories } from '../../context';
import type { DirectoryRow } from '../directory/directory.repository';
import { toAdminUserRow } from '../directory/admin-user.view';
import type { Actor } from '../access/require-admin';
import type { Acting } from '../../clients/auth-client';

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
  /**
   * Calls auth or chat as `acting` (the admin, and this action's idempotency key: the same for every retry
   * of the call); returns its result and applies it to the read model in the audit's transaction.
   */
  perform: (
    target: DirectoryRow,
    acting: Acting,
  ) => Promise<{ result: R; apply: (repos: AdminRepositories) => Promise<DirectoryRow | null> }>;
};

/** Failures that mean nothing was attempted: not audited (bad input, unknown user). */
function nothingAttempted(err: unknown): boolean {
  return isDomainError(err) && (err.status === 400 || err.status === 404 || err.status === 415);
}

/**
 * How a failed action is audited: null when nothing was attempted (not audited); 'unknown' when the owning
 * service never answered in time (it may or may not have been done); else 'failed', with the error's code.
 */
export function failedOutcome(err: unknown): { outcome: AuditOutcome; code: string } | null {
  if (nothingAttempted(err)) return null;
  const code = isDomainError(err) ? err.code : errorCodes.internal;
  const unknown = isDomainError(err) && err.code === errorCodes.outcomeUnknown;
  return { outcome: unknown ? 'unknown' : 'failed', code };
}

/**
 * Every admin action goes through here: find the target, refuse self-actions, call the owning service
 * with a new idempotency key (its retries reuse it, so the action is done at most once and a lost answer
 * is recovered), then in ONE transaction update the read model and append the audit entry (no event: nothing
 * outside admin needs its audit). The audit says what is known: 'succeeded'; 'failed' with its code when the
 * service refused or could not act (it changed nothing); 'unknown' when it never answered in time.
 */
export async function runAdminAction<R>(
  ctx: AdminContext,
  req: ActionRequest,
  work: ActionWork<R>,
): Promise<R> {
  const target = await findTarget(ctx, req.targetId);
  const before = work.snapshot(target);
  const at = ctx.now();
  let done: Awaited<ReturnType<ActionWork<R>['perform']>>;
  try {
    if (req.notSelf && req.actor.id === target.id)
      throw new ConflictError('You cannot do this to your own account.', errorCodes.selfAction);
    done = await work.perform(target, { actorId: req.actor.id, key: randomUUID() });
  } catch (err) {
    const failed = failedOutcome(err);
    if (!failed) throw err;
    const { outcome, code } = failed;
    await ctx
      .transaction((repos) => record(repos, req, target, outcome, before, null, at, code))
      .catch((auditErr: unknown) =>
        ctx.logger.error({ err: auditErr }, `could not record an admin action whose outcome is ${outcome}`),
      );
    throw err;
  }
  // Done: the answer says so even if recording it fails (logged; the read model follows auth's event).
  await ctx
    .transaction(async (repos) => {
      const after = await done.apply(repos);
      await record(repos, req, target, 'succeeded', before, after ? work.snapshot(after) : null, at, null);
    })
    .catch((auditErr: unknown) =>
      ctx.logger.error(
        { err: auditErr, action: req.action, targetUserId: target.id },
        'an admin action was done but could not be recorded',
      ),
    );
  return done.result;
}

/** The user an admin acts on or looks at: the read model, else auth (unknown: 404). */
export async function findTarget(ctx: AdminContext, id: string): Promise<DirectoryRow> {
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
  outcome: AuditOutcome,
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
}

/** A record from auth applied to the read model. */
export const applyRecord =
  (ctx: AdminContext, user: AuthUserRecord) =>
  ({ directory }: AdminRepositories): Promise<DirectoryRow> =>
    directory.record(user, ctx.now());

/** The work of an action auth performs: auth answers the user record, which the read model takes as is. */
export const viaAuth =
  (ctx: AdminContext, call: (acting: Acting) => Promise<AuthUserRecord>) =>
  async (
    _target: DirectoryRow,
    acting: Acting,
  ): Promise<{
    result: AuthUserRecord;
    apply: (repos: AdminRepositories) => Promise<DirectoryRow>;
  }> => {
    const user = await call(acting);
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
