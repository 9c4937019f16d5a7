import { randomUUID } from 'node:crypto';
import { sharingUpdatedEvent, type SharingSetting } from '@noek/contracts';
import type { AdminContext } from '../../context';
import type { Actor } from '../access/require-admin';

/**
 * Turns public share links on or off: in ONE transaction the setting, its audit row and
 * admin.sharing.updated.v1 (chat's copy follows it: new links and shared pages are refused at once).
 */
export function updateSharing(
  ctx: AdminContext,
  actor: Actor,
  enabled: boolean,
  requestId: string | null,
): Promise<SharingSetting> {
  const at = ctx.now();
  return ctx.transaction(async (repos) => {
    const before = await repos.sharing.get();
    const saved = await repos.sharing.save(enabled, actor.id, at);
    await repos.sharing.audit({
      at,
      actorId: actor.id,
      actorEmail: actor.email,
      setting: 'sharing',
      before,
      after: saved,
      requestId,
    });
    await repos.publish({
      id: randomUUID(),
      type: sharingUpdatedEvent.subject,
      time: at.toISOString(),
      correlationId: requestId ?? randomUUID(),
      data: { enabled, actorId: actor.id, updatedAt: at.toISOString() },
    });
    return saved;
  });
}
