import type { ShareLink } from '@noek/contracts';
import type { SharedLink } from '../../generated/prisma/client';

export function toShareLink(row: SharedLink): ShareLink {
  return {
    id: row.id,
    conversationId: row.conversationId,
    title: row.title,
    messageCount: Array.isArray(row.messages) ? row.messages.length : 0,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
