import type { Express } from 'express';
import { apiRoutes, EXPORT_COUNT_HEADER } from '@noek/contracts';
import { ANSWERED, contractRoute, signedInUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { exportAccount } from './export-account';
import { exportConversation } from './export-conversation';

const attachment = (filename: string) => `attachment; filename="${filename}"`;

/** Downloads (contracts apiRoutes.conversations.export…); registered before `/api/conversations/:id`. */
export function registerExportRoutes(app: Express, ctx: ChatContext): void {
  const r = apiRoutes.conversations;
  contractRoute(app, r.exportAccount, async (_input, req, res) => {
    await exportAccount(ctx, signedInUser(req), (count) => {
      const day = ctx.now().toISOString().slice(0, 10);
      res.set({
        'content-type': 'application/zip',
        'content-disposition': attachment(`noek-export-${day}.zip`),
        'cache-control': 'no-store',
        [EXPORT_COUNT_HEADER]: String(count),
      });
      return res;
    });
    return ANSWERED;
  });
  contractRoute(app, r.exportConversation, async ({ params, query }, req, res) => {
    const file = await exportConversation(ctx, signedInUser(req), params.id, query.format);
    res.set({ 'content-type': file.contentType, 'content-disposition': attachment(file.filename) });
    res.send(file.body);
    return ANSWERED;
  });
}
