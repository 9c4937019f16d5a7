import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { ZipFile } from 'yazl';
import { NOEK_ACCOUNT_FORMAT, type ExportedAccount } from '@noek/contracts';
import type { AuthUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { sessionUser } from '../users/session-user';
import { accountConversations } from './account-conversations';
import { toExportedConversation } from './conversation-export';

/**
 * Deflate's fastest level: about three times the speed of the default (6) for a zip a few percent
 * larger (JSON of chat text); the default made compression the export's largest CPU cost.
 */
export const ZIP_LEVEL = 1;

/**
 * Adds `text` as a zip entry in one piece; the promise settles once the zip (and so the client) has taken
 * it all. Callers read the next conversation meanwhile: the database and the compression overlap.
 */
function writeEntry(zip: ZipFile, name: string, text: string): Promise<void> {
  const entry = new PassThrough();
  zip.addReadStream(entry, name, { compressionLevel: ZIP_LEVEL });
  entry.end(Buffer.from(text, 'utf8'));
  return once(entry, 'end').then(() => undefined);
}

/**
 * The whole account as a zip streamed to `out`: account.json, then one JSON file per conversation. Read
 * in pages of many conversations' messages; a conversation is added while the one before is zipped,
 * and none before the client has taken the one before that (flat memory whatever the account's size).
 * Stops when `out` closes early (the download was cancelled).
 */
export async function exportAccount(
  ctx: ChatContext,
  auth: AuthUser,
  start: (conversationCount: number) => Writable,
): Promise<void> {
  const user = await sessionUser(ctx, auth);
  const count = await ctx.exports.count(user.id);
  const out = start(count);
  let closed = false;
  const closing = once(out, 'close').then(() => (closed = true));
  const zip = new ZipFile();
  zip.outputStream.pipe(out);
  const account: ExportedAccount = {
    format: NOEK_ACCOUNT_FORMAT,
    version: 1,
    exportedAt: ctx.now().toISOString(),
    settings: { funMode: user.funMode },
    conversationCount: count,
  };
  await writeEntry(zip, 'account.json', JSON.stringify(account, null, 2));
  // At most two conversations in the zip at once: the one being zipped and the one being added.
  let zipping: Promise<void> = Promise.resolve();
  for await (const { conversation, messages } of accountConversations(ctx, user.id)) {
    const text = JSON.stringify(toExportedConversation(conversation, messages), null, 2);
    await Promise.race([zipping, closing]);
    if (closed) break;
    zipping = writeEntry(zip, `conversations/${conversation.id}.json`, text);
  }
  await Promise.race([zipping, closing]);
  zip.end();
  if (!closed) await once(zip.outputStream, 'end');
}
