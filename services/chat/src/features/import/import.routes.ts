import type { Express } from 'express';
import { apiRoutes, errorCodes, type ImportEvent } from '@noek/contracts';
import { ANSWERED, contractRoute, DomainError, signedInUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { openEventStream, wantsEventStream, type EventStream } from '../replies/replies.routes';
import { importConversations } from './import-conversations';

/** Said when storing failed after the progress stream started (the transaction stored nothing). */
export const IMPORT_STORE_FAILED = 'The import failed on our side and nothing was imported. Try again.';

/**
 * Import (contracts apiRoutes.conversations.importConversations): the file is the raw body, left unread by
 * the body parsers (service.ts streamBodyPaths) and streamed to disk by the use case. JSON by default; a
 * client asking for an event stream hears the storing's progress. Its stream opens only once the file
 * was checked, so a refused file is a plain 4xx either way.
 */
export function registerImportRoutes(app: Express, ctx: ChatContext): void {
  contractRoute(app, apiRoutes.conversations.importConversations, async (_input, req, res) => {
    if (!wantsEventStream(req.headers.accept)) return importConversations(ctx, signedInUser(req), req);
    // Opened by the progress callback (a plain `let` would read as never assigned here).
    let stream = undefined as EventStream<ImportEvent> | undefined;
    try {
      const result = await importConversations(ctx, signedInUser(req), req, (done, total) => {
        stream ??= openEventStream<ImportEvent>(res);
        stream.send({ type: 'progress', done, total });
      });
      if (!stream) return result;
      stream.send({ type: 'done', ...result });
      stream.end();
    } catch (err) {
      if (!stream) throw err;
      const known = err instanceof DomainError;
      if (!known) req.log.error({ err }, 'import failed after its progress stream started');
      stream.send({
        type: 'error',
        code: known ? err.code : errorCodes.internal,
        message: known ? err.message : IMPORT_STORE_FAILED,
      });
      stream.end();
    }
    return ANSWERED;
  });
}
